import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// DESIGN §2: imports go one way only. web → domain, server → domain, both → shared; nothing of ours into domain.
const boundary = (message, ...groups) => ["error", { patterns: [{ group: groups, message }] }];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "e2e/.run/**", "screenshots/**", "scratch/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })] },
    rules: {
      "import-x/no-cycle": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["src/domain/**"],
    rules: {
      "no-restricted-imports": boundary(
        "src/domain is pure: it imports nothing of ours from outside itself (DESIGN §2).",
        "**/server/**",
        "**/web/**",
        "**/shared/**",
        "node:*",
        "react",
        "pg",
      ),
    },
  },
  {
    files: ["src/shared/**"],
    rules: {
      "no-restricted-imports": boundary("src/shared holds the schemas both sides use; it may import only src/domain.", "**/server/**", "**/web/**"),
    },
  },
  {
    files: ["src/web/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": boundary(
        "src/web never imports src/server (DESIGN §2); share a schema through src/shared.",
        "**/server/**",
        "pg",
        "node:*",
      ),
    },
  },
  {
    files: ["src/server/**"],
    rules: { "no-restricted-imports": boundary("src/server never imports src/web (DESIGN §2).", "**/web/**") },
  },
);
