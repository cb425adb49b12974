import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver over a zod schema that is loaded, with zod, only after the screen is up. The signed-out
 * screens (sign-in, forgot and reset password) are a new visitor's first load: zod and the resolver are ~40 KB gzip
 * of it otherwise (docs/decisions/025). `preload()` from an effect starts the download once the screen has painted,
 * long before a person presses the button; a press before that waits for it.
 * If the rules cannot load (no network), the form goes on to the server, which checks the same rules and answers.
 */
export function lazyZodResolver<T extends FieldValues>(schema: () => Promise<z.ZodType<T, T>>) {
  let loading: Promise<Resolver<T> | null> | undefined;
  const load = () =>
    (loading ??= Promise.all([schema(), import("@hookform/resolvers/zod")]).then(
      ([rules, { zodResolver }]) => zodResolver(rules) as unknown as Resolver<T>,
      () => {
        loading = undefined;
        return null;
      },
    ));
  const resolver: Resolver<T> = async (values, context, options) => {
    const loaded = await load();
    return loaded ? loaded(values, context, options) : { values, errors: {} };
  };
  return { resolver, preload: () => void load() };
}
