import { defineConfig } from "vitest/config";
import { preactAliases } from "./vite.config.ts";

// Integration tests run on the embedded PostgreSQL, and also on TEST_DATABASE_URL when it is set (CI: PostgreSQL 15).
const integration = (name: string, globalSetup: string) => ({
  test: {
    name,
    include: ["src/server/**/*.int.test.ts"],
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias: preactAliases },
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "src/**/*.process.test.ts"],
        },
      },
      { test: { name: "process", include: ["src/server/**/*.process.test.ts"], testTimeout: 90_000 } },
      integration("integration-embedded", "test/setup/embedded-global.ts"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-external", "test/setup/external-global.ts")] : []),
    ],
  },
});
