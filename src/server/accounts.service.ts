import { initialsOf } from "../domain/initials.ts";
import type { AccountDto, UpdateMeBody } from "../shared/api-schemas.ts";
import type { Db } from "./db/client.ts";
import type { EventHub } from "./events.ts";
import { HttpError, notFound } from "./http-error.ts";
import { requireAccess, requireActor, type Actor } from "./policy.ts";
import { getResetTokenEmail, getUser, updateUser, type UserRow } from "./users.repository.ts";

export type Deps = { db: Db; now: () => Date; events: EventHub };

function mapAccount(row: UserRow, actor: NonNullable<Actor>): AccountDto {
  return { id: row.id, name: row.name, email: row.email, initials: row.initials, timeZone: row.timeZone, isOwnAccount: row.id === actor.id };
}

export async function getMe(deps: Deps, actor: Actor): Promise<AccountDto> {
  const me = requireActor(actor);
  const row = await getUser(deps.db, me.id);
  if (!row) throw notFound("User data not found");
  return mapAccount(row, me);
}

export async function updateMe(deps: Deps, actor: Actor, body: UpdateMeBody): Promise<AccountDto> {
  const me = requireActor(actor);
  const row = await updateUser(deps.db, me.id, {
    ...(body.name !== undefined ? { name: body.name, initials: initialsOf(body.name) } : {}),
    ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
  });
  if (!row) throw notFound("User data not found");
  return mapAccount(row, me);
}

export async function getAccount(deps: Deps, actor: Actor, accountId: string): Promise<AccountDto> {
  await requireAccess(deps.db, actor, accountId, "read");
  const row = await getUser(deps.db, accountId);
  if (!row) throw notFound("Account not found");
  return mapAccount(row, requireActor(actor));
}

/** SPEC §7 "verify reset code": the e-mail of a live reset token, without using it up. */
export async function verifyResetCode(deps: Deps, code: string): Promise<{ email: string }> {
  const email = code ? await getResetTokenEmail(deps.db, code, deps.now()) : null;
  if (!email) throw new HttpError(400, "This password reset link is invalid or has expired");
  return { email };
}
