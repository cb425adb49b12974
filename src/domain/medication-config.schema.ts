import { z } from "zod";
import { text } from "./input.schema.ts";
import { parseLocalTime } from "./zoned-time.ts";

// DESIGN §6.9: the edit-medication form's rules, one clear message per field. Kept apart from the rules so the
// home page's bundle does not carry zod.

const minutes = (field: string, max = 24 * 60) =>
  z
    .number({ error: `${field} must be a number of minutes` })
    .int(`${field} must be a whole number of minutes`)
    .min(0, `${field} cannot be negative`)
    .max(max, `${field} must be at most ${max} minutes`);

export const medicationConfigInput = z
  .strictObject({
    name: text("Name", 200, { required: "Name is required" }),
    description: text("Description", 500).default(""),
    scheduleType: z.enum(["fixed", "flexible"], { error: "Schedule type must be fixed or flexible" }),
    fixedTimes: z
      .array(
        z.string().refine((t) => parseLocalTime(t) !== null, "Times must be HH:MM, such as 08:00 or 14:30"),
        { error: "Times must be a list" },
      )
      .max(24, "At most 24 times a day")
      .default([]),
    timingRules: z.strictObject({
      minInterval: minutes("Minimum interval"),
      maxInterval: minutes("Maximum interval"),
      recommendedInterval: minutes("Recommended interval"),
      dailyFrequency: z
        .number({ error: "Doses per day must be a number" })
        .int("Doses per day must be a whole number")
        .min(1, "Doses per day must be between 1 and 24")
        .max(24, "Doses per day must be between 1 and 24"),
    }),
    avoidance: z
      .strictObject({ type: text("Avoidance type", 50), durationMinutes: minutes("Avoidance duration") })
      .nullable()
      .optional(),
    foodRestriction: z
      .strictObject({
        type: z.enum(["protein", "no_dairy", "no_caffeine", "empty_stomach", "custom"], { error: "Choose a food restriction type" }),
        before_minutes: minutes("Minutes before"),
        after_minutes: minutes("Minutes after"),
        custom_description: text("Custom restriction", 100).optional(),
      })
      .nullable()
      .optional(),
    foodAvoidance: z
      .strictObject({
        type: z.enum(["none", "protein", "no_dairy", "no_caffeine", "empty_stomach", "full_stomach", "custom"], {
          error: "Choose a food avoidance type",
        }),
        after_minutes: minutes("Avoidance minutes after").optional(),
        remind_to_eat: z.boolean().optional(),
        remind_minutes_before: minutes("Reminder minutes before").optional(),
        custom_description: text("Custom avoidance", 100).optional(),
      })
      .nullable()
      .optional(),
    foodRequirement: z
      .strictObject({
        enabled: z.boolean(),
        reminder_enabled: z.boolean().optional(),
        remind_minutes_before: minutes("Reminder minutes before").optional(),
        custom_message: text("Custom message", 200).optional(),
      })
      .nullable()
      .optional(),
    displayConfig: z.strictObject({
      pillLabel: text("Pill label", 40, { required: "Pill label is required" }),
      timingLabel: text("Timing label", 20, { required: "Timing label is required" }),
    }),
  })
  .superRefine((c, ctx) => {
    const r = c.timingRules;
    if (r.minInterval > r.recommendedInterval)
      ctx.addIssue({
        code: "custom",
        path: ["timingRules", "recommendedInterval"],
        message: "Recommended interval cannot be shorter than the minimum interval",
      });
    if (r.recommendedInterval > r.maxInterval)
      ctx.addIssue({
        code: "custom",
        path: ["timingRules", "maxInterval"],
        message: "Maximum interval cannot be shorter than the recommended interval",
      });
    if (c.scheduleType === "fixed" && c.fixedTimes.length === 0)
      ctx.addIssue({ code: "custom", path: ["fixedTimes"], message: "A fixed schedule needs at least one time" });
    if (new Set(c.fixedTimes).size !== c.fixedTimes.length)
      ctx.addIssue({ code: "custom", path: ["fixedTimes"], message: "Each time may appear only once" });
    if (c.foodRestriction?.type === "custom" && !c.foodRestriction.custom_description)
      ctx.addIssue({ code: "custom", path: ["foodRestriction", "custom_description"], message: "Describe the custom restriction" });
  });

export type MedicationConfigInput = z.infer<typeof medicationConfigInput>;

/** The form's errors by field path ("timingRules.maxInterval" → message), or {} when valid. */
export function medicationConfigErrors(input: unknown): Record<string, string> {
  const result = medicationConfigInput.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : issue.message;
  }
  return errors;
}
