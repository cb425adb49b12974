import { useId } from "react";
import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";

/**
 * The one message of a form that shows one at a time (its schema aborts at the first broken rule): the first failing
 * field's in `fields` order, else the request's (`setError("root.server", …)`). Each input spreads `invalid(name)`:
 * marked invalid and described by the message while its rule fails. Example: sign-up with a blank name → message
 * "Name is required", and the name input is `aria-invalid`.
 */
export function useFormMessage<T extends FieldValues>(form: UseFormReturn<T>, fields: readonly Path<T>[]) {
  const id = useId();
  const { errors } = form.formState;
  const failing = fields.find((name) => get(errors, name));
  const error = (failing ? get(errors, failing) : get(errors, "root.server")) as { message?: string } | undefined;
  const invalid = (name: Path<T>) => (name === failing ? ({ "aria-invalid": true, "aria-describedby": id } as const) : {});
  return { id, message: error?.message ?? null, invalid };
}
