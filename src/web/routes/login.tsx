import { useNavigate, useSearchParams } from "react-router";
import { RequireSignedOut } from "../features/session/components/guards.tsx";
import { LoginForm } from "../features/session/components/login-form.tsx";
import { paths, safeNext } from "../paths.ts";

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  return (
    <RequireSignedOut>
      <LoginForm returnTo={safeNext(next)} onSignedIn={(id) => navigate(next ? safeNext(next) : paths.regimen(id), { replace: true })} />
    </RequireSignedOut>
  );
}
