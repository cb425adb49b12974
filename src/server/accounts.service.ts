import { initialsOf } from "../domain/initials.ts";
import type { AccountDto, UpdateMeBody } from "../shared/api-schemas.ts";
import type { Db } from "./db/client.ts";
import { notifyAccount, type EventHub } from "./events.ts";
import { AppError } from "./http-error.ts";
import { requireAccess, requireActor, type Actor, type SignedIn } from "./policy.ts";
import { getResetCodeEmail } from "./session.ts";
import { getUser, updateUser, type UserRow } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub };

function mapAccount(row: UserRow, actor: SignedIn): AccountDto {
  return { id: row.id, name: row.name, email: row.email, initials: row.initials, timeZone: row.timeZone, isOwnAccount: row.id === actor.id };
}

export async function requireMe(deps: Deps, actor: Actor): Promise<AccountDto> {
  const me = requireActor(actor);
  const row = await getUser(deps.db, me.id);
  if (!row) throw new AppError("user.not-found");
  return mapAccount(row, me);
}

export async function updateMe(deps: Deps, actor: Actor, body: UpdateMeBody): Promise<AccountDto> {
  const me = requireActor(actor);
  const row = await updateUser(deps.db, me.id, {
    ...(body.name !== undefined ? { name: body.name, initials: initialsOf(body.name) } : {}),
    ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
  });
  if (!row) throw new AppError("user.not-found");
  // A new zone moves every reminder time (DESIGN §6.2).
  if (body.timeZone !== undefined) await notifyAccount(deps, { accountId: me.id, kind: "settings" });
  return mapAccount(row, me);
}

export async function requireAccount(deps: Deps, actor: Actor, accountId: string): Promise<AccountDto> {
  const { actor: me } = await requireAccess(deps.db, actor, accountId, "read");
  const row = await getUser(deps.db, accountId);
  if (!row) throw new AppError("account.not-found");
  return mapAccount(row, me);
}

/** SPEC §7 "verify reset code": the e-mail of a live reset token, without using it up. */
export async function verifyResetCode(deps: Deps, code: string): Promise<{ email: string }> {
  const email = code ? await getResetCodeEmail(deps.db, code, deps.now()) : null;
  if (!email) throw new AppError("reset.invalid");
  return { email };
}
