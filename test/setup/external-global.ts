import type { TestProject } from "vitest/node";
import { createTemplate, dropTemplate } from "./template.ts";

/** The same integration tests on the server named by TEST_DATABASE_URL (CI: the machine's PostgreSQL 15). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `dosetime_tpl_${process.pid}`;
  await createTemplate(adminUrl, name);
  project.provide("adminUrl", adminUrl);
  project.provide("templateDb", name);
  project.provide("engine", "external");
  return () => dropTemplate(adminUrl, name);
}
