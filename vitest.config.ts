import path from "node:path";
import { defineConfig } from "vitest/config";
import { preactAliases } from "./vite.config.ts";

// Integration tests run on the embedded PostgreSQL, and also on TEST_DATABASE_URL when it is set (CI: PostgreSQL 15).
// Every project: a test that logs an unexpected console.error fails.
const setupFiles = ["test/setup/console-error.ts"];

const integration = (name: string, globalSetup: string) => ({
  test: {
    name,
    setupFiles,
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
        // vite-plugin-pwa's registration module exists only in its build: a stub that the tests mock.
        resolve: { alias: { "virtual:pwa-register": path.resolve(import.meta.dirname, "test/pwa-register-stub.ts") } },
        test: {
          name: "unit",
          setupFiles,
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "src/**/*.process.test.ts"],
        },
      },
      { test: { name: "process", setupFiles, include: ["src/server/**/*.process.test.ts"], testTimeout: 90_000 } },
      integration("integration-embedded", "test/setup/embedded-global.ts"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-external", "test/setup/external-global.ts")] : []),
    ],
  },
});
