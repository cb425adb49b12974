import { Navigate } from "react-router";
import { RequireUser } from "../features/session/components/guards.tsx";
import { paths } from "../paths.ts";

/** /profile → /profile/{id} when signed in, else /login. */
export function Component() {
  return <RequireUser>{(user) => <Navigate to={paths.profile(user.id)} replace />}</RequireUser>;
}
