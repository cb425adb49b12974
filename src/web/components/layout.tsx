import { Link, Outlet, useLocation } from "react-router";
import { useOptionalUser } from "../features/session/api/session.ts";
import { AccountSwitcher } from "../features/sharing/components/account-switcher.tsx";
import { paths } from "../paths.ts";

export function Layout() {
  const { user } = useOptionalUser();
  const location = useLocation();
  return (
    <div className="app">
      <header className="app-header">
        <Link to={paths.home()} className="brand" aria-label="Dosetime home">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Dosetime</span>
        </Link>
        <nav className="header-actions" aria-label="Account">
          {user && <AccountSwitcher userId={user.id} />}
          {user ? (
            <Link to={paths.profile(user.id)} className="avatar" aria-label={`Profile of ${user.name}`} title={user.name}>
              {user.initials}
            </Link>
          ) : user === null && location.pathname !== paths.login() ? (
            <Link to={paths.login()} className="button button-small">
              Sign In
            </Link>
          ) : null}
        </nav>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
