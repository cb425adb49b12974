import { z } from "zod";
import { isTimeZone } from "../domain/time-zone.ts";

/** Request bodies shared by the server (validation) and the web (types). Unknown fields are rejected. */
export const updateMeBody = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters").optional(),
  timeZone: z.string().refine(isTimeZone, "Time zone must be an IANA zone such as Europe/London").optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/** What the API answers about an account (GET /api/me, GET /api/accounts/:id). */
export type AccountDto = {
  id: string;
  name: string;
  email: string;
  initials: string;
  timeZone: string | null;
  isOwnAccount: boolean;
};
