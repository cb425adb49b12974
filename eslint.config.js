import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// DESIGN §2: imports go one way only. web → domain, server → domain, both → shared; nothing of ours into domain.
const boundary = (message, ...groups) => ["error", { patterns: [{ group: groups, message }] }];

// Web features stand alone (CONVENTIONS: routes compose features): no feature imports another, and the shared
// components and lib import no feature. Every folder under src/web/features is a zone, new ones included.
const web = path.join(import.meta.dirname, "src/web");
const features = fs
  .readdirSync(path.join(web, "features"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = [
  ...features.map((name) => ({
    target: path.join(web, "features", name),
    from: path.join(web, "features"),
    except: [`./${name}`],
    message: "A feature never imports another: compose them in src/web/routes, or move what both need to src/web/lib.",
  })),
  {
    target: [path.join(web, "components"), path.join(web, "lib")],
    from: path.join(web, "features"),
    message: "src/web/components and src/web/lib are shared: they import no feature (a route composes them).",
  },
];

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
      "import-x/no-restricted-paths": ["error", { zones: featureZones }],
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
