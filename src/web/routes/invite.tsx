import { useLocation, useNavigate } from "react-router";
import { Loading } from "../components/loading.tsx";
import { useOptionalUser } from "../features/session/api/session.ts";
import { LoginForm } from "../features/session/components/login-form.tsx";

// NOTE: accepting and rejecting come with the sharing issue. Signed out, the page already offers sign-in and
// brings the user back here.
export function Component() {
  const { user } = useOptionalUser();
  const location = useLocation();
  const navigate = useNavigate();
  if (user === undefined) return <Loading text="Loading invitation..." />;
  if (!user)
    return (
      <>
        <p className="banner banner-info">Please sign in or create an account to accept this invitation</p>
        <LoginForm returnTo={location.pathname} onSignedIn={() => navigate(location.pathname, { replace: true })} />
      </>
    );
  return (
    <section className="card">
      <h1>Invalid Invitation</h1>
      <p className="form-error">Invitation not found</p>
    </section>
  );
}
