import { Link, Outlet, useLocation } from "react-router";
import { useOptionalUser } from "../features/session/api/session.ts";
import { AccountSwitcher } from "../features/sharing/components/account-switcher.tsx";
import { paths } from "../paths.ts";
import { UpdatePrompt } from "../components/update-prompt.tsx";

/** The app icon (scripts/make-icons.ts), drawn in place: no request of its own before the first screen (DESIGN §9). */
function Logo() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <circle cx="32" cy="34" r="17" fill="none" stroke="#fff" strokeWidth="5" />
      <path d="M32 24v11l7 5" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

/** The frame of every screen: the header (home, the account switcher, the avatar or Sign In) and the page. */
export function Layout() {
  const { user } = useOptionalUser();
  const location = useLocation();
  return (
    <div className="app">
      <header className="app-header">
        <Link to={paths.home()} className="brand" aria-label="Dosetime home">
          <Logo />
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
      <UpdatePrompt />
    </div>
  );
}
