import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Fixtures for DESIGN §2's import boundaries, linted with the project's own ESLint config.
const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });
const ruleIds = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe("import boundaries", () => {
  // Loading the config, the TypeScript parser and the import resolver once takes seconds on a busy machine: here,
  // not in the first case's 5-second budget.
  beforeAll(() => eslint.lintText("export {};\n", { filePath: "src/web/features/regimen/warm-up.ts" }), 60_000);

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

  // Web features stand alone; routes compose them (CONVENTIONS: web).
  it.each([
    [
      "src/web/features/regimen/api/fixture.ts",
      'import { accountQueryOptions } from "../../session/api/account.ts";\nexport const x = accountQueryOptions;\n',
    ],
    [
      "src/web/features/medications/components/fixture.tsx",
      'import { useMyAccounts } from "../../sharing/api/sharing.ts";\nexport const x = useMyAccounts;\n',
    ],
    ["src/web/components/fixture.tsx", 'import { useOptionalUser } from "../features/session/api/session.ts";\nexport const x = useOptionalUser;\n'],
    ["src/web/lib/fixture.ts", 'import { recentLogsKey } from "../features/regimen/api/pill-logs.ts";\nexport const x = recentLogsKey;\n'],
  ])("%s may not import another feature: %s", async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain("import-x/no-restricted-paths");
  });

  it.each([
    ["src/web/fixture.ts", 'import { initialsOf } from "../domain/initials.ts";\nexport const x = initialsOf;\n'],
    ["src/server/fixture.ts", 'import { initialsOf } from "../domain/initials.ts";\nexport const x = initialsOf;\n'],
    ["src/web/fixture.ts", 'import { updateMeBody } from "../shared/api-schemas.ts";\nexport const x = updateMeBody;\n'],
    ["src/web/features/regimen/api/fixture.ts", 'import { recentLogsKey } from "./pill-logs.ts";\nexport const x = recentLogsKey;\n'],
    ["src/web/features/regimen/api/fixture.ts", 'import { api } from "../../../lib/api.ts";\nexport const x = api;\n'],
    ["src/web/routes/fixture.tsx", 'import { useOptionalUser } from "../features/session/api/session.ts";\nexport const x = useOptionalUser;\n'],
  ])("%s may import: %s", async (filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });
});
