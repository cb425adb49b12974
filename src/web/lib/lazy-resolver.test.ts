import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "./lazy-resolver.ts";

type Fields = { email: string };
const rules: z.ZodType<Fields, Fields> = z.object({ email: z.string().min(1, "Please enter an email address") });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("checks the values with the schema once it has loaded, loading it once", async () => {
    const load = vi.fn(() => Promise.resolve(rules));
    const { resolver, preload } = lazyZodResolver(load);
    preload();
    const blank = await resolver({ email: "" }, undefined, options);
    expect(blank.errors.email?.message).toBe("Please enter an email address");
    expect((await resolver({ email: "a@b.example" }, undefined, options)).values).toEqual({ email: "a@b.example" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets the form go on to the server when the rules cannot load, and tries again at the next press", async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(rules);
    const { resolver } = lazyZodResolver<Fields>(load);
    expect(await resolver({ email: "" }, undefined, options)).toEqual({ values: { email: "" }, errors: {} });
    expect((await resolver({ email: "" }, undefined, options)).errors.email?.message).toBe("Please enter an email address");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
