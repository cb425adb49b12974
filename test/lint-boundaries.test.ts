import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Fixtures for DESIGN §2's import boundaries, linted with the project's own ESLint config.
const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });
const ruleIds = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe("import boundaries", () => {
  it.each([
    ["src/domain/fixture.ts", 'import { requireAccess } from "../server/policy.ts";\nexport const x = requireAccess;\n'],
    ["src/domain/fixture.ts", 'import { paths } from "../web/paths.ts";\nexport const x = paths;\n'],
    ["src/domain/fixture.ts", 'import fs from "node:fs";\nexport const x = fs;\n'],
    ["src/web/fixture.ts", 'import { createDb } from "../server/db/client.ts";\nexport const x = createDb;\n'],
    ["src/server/fixture.ts", 'import { paths } from "../web/paths.ts";\nexport const x = paths;\n'],
    ["src/shared/fixture.ts", 'import { createDb } from "../server/db/client.ts";\nexport const x = createDb;\n'],
  ])("%s may not import: %s", async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["src/web/fixture.ts", 'import { initialsOf } from "../domain/initials.ts";\nexport const x = initialsOf;\n'],
    ["src/server/fixture.ts", 'import { initialsOf } from "../domain/initials.ts";\nexport const x = initialsOf;\n'],
    ["src/web/fixture.ts", 'import { updateMeBody } from "../shared/api-schemas.ts";\nexport const x = updateMeBody;\n'],
  ])("%s may import: %s", async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });
});
