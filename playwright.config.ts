import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, E2E } from "./e2e/support/env.ts";

export default defineConfig({
  testDir: "e2e",
  testMatch: "*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: E2E.baseUrl,
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium", launchOptions: chromiumLaunchOptions },
    },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 }, browserName: "chromium", launchOptions: chromiumLaunchOptions } },
  ],
});
