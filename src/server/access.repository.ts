import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { sharedAccess } from "./db/schema.ts";

/** Whether `userId` has shared access to `ownerUserId`'s account right now. */
export async function hasSharedAccess(db: Db, ownerUserId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sharedAccess.id })
    .from(sharedAccess)
    .where(and(eq(sharedAccess.ownerUserId, ownerUserId), eq(sharedAccess.sharedWithUserId, userId)))
    .limit(1);
  return rows.length > 0;
}
