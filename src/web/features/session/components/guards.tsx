import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { AccountDto } from "../../../../shared/api-schemas.ts";
import { Loading } from "../../../components/loading.tsx";
import { paths } from "../../../paths.ts";
import { useOptionalUser } from "../api/session.ts";

/** Renders its children with the signed-in user; signed out → /login (coming back here after sign-in). */
export function RequireUser({ children }: { children: (user: AccountDto) => ReactNode }) {
  const { user } = useOptionalUser();
  const location = useLocation();
  if (user === undefined) return <Loading />;
  if (user === null) return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  return <>{children(user)}</>;
}

/** For the sign-in screens: a signed-in user goes to /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { user } = useOptionalUser();
  if (user === undefined) return <Loading />;
  if (user) return <Navigate to={paths.home()} replace />;
  return <>{children}</>;
}
