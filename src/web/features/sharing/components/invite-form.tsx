import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { createInvitationBody, type InvitationDto } from "../../../../shared/api-schemas.ts";
import { invitationEmailError } from "../../../../shared/errors.ts";
import { FormError } from "../../../components/form-error.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useFormMessage } from "../../../lib/form-message.ts";
import { useCreateInvitation } from "../api/sharing.ts";

/** The addresses an invitation is checked against: the owner's own, the pending invitations' and the caregivers'. */
export type InvitationLists = Parameters<typeof invitationEmailError>[1];

/**
 * SPEC §5's invitation form: the API's body rules (`createInvitationBody`), then the same check the server makes,
 * against the lists on screen. Example: the owner's own address in capitals → "You cannot share access with yourself".
 */
export const invitationForm = (lists: InvitationLists) =>
  createInvitationBody.superRefine((body, ctx) => {
    const message = invitationEmailError(body.email, lists);
    if (message) ctx.addIssue({ code: "custom", path: ["email"], message });
  });

/** "Send Invitation": an e-mail address; `onCreated` gets the invitation the server made. */
export function InviteForm({
  accountId,
  lists,
  onCreated,
  onCancel,
}: {
  accountId: string;
  lists: InvitationLists;
  onCreated: (invitation: InvitationDto) => void;
  onCancel: () => void;
}) {
  const create = useCreateInvitation(accountId);
  const form = useForm({ resolver: zodResolver(invitationForm(lists)), defaultValues: { email: "" }, reValidateMode: "onSubmit" });
  const { id: messageId, message, invalid } = useFormMessage(form, ["email"]);

  const send = form.handleSubmit(({ email }) =>
    create.mutate(email, {
      onSuccess: onCreated,
      onError: (err) => form.setError("root.server", { message: errorMessage(err, "Failed to send invitation. Please try again.") }),
    }),
  );

  return (
    <form onSubmit={send} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Send Invitation</h2>
      <label className="field">
        <span>Email</span>
        <input type="email" inputMode="email" autoComplete="off" {...form.register("email")} {...invalid("email")} />
      </label>
      <FormError id={messageId} message={message} />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? "Sending..." : "Send Invite"}
        </button>
      </div>
    </form>
  );
}
