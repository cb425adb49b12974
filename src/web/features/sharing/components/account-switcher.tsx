import { useLocation, useNavigate } from "react-router";
import { paths } from "../../../paths.ts";
import { useMyAccounts } from "../api/sharing.ts";

/** SPEC §2: shown only when accounts are shared with the user; a pick keeps you on the regimen or the profile. */
export function AccountSwitcher({ userId }: { userId: string }) {
  const accounts = useMyAccounts();
  const location = useLocation();
  const navigate = useNavigate();
  if (!accounts.data || accounts.data.shared.length === 0) return null;
  const onProfile = location.pathname.startsWith("/profile");
  const current = /^\/(?:regimen|profile)\/([^/]+)/.exec(location.pathname)?.[1];
  const value = current ? decodeURIComponent(current) : userId;
  return (
    <label className="switcher">
      <span className="visually-hidden">Account</span>
      <select
        value={value}
        onChange={(e) => {
          const id = e.target.value;
          navigate(onProfile ? paths.profile(id) : paths.regimen(id));
        }}
      >
        <option value={userId}>Your Account</option>
        <optgroup label="Shared With You">
          {accounts.data.shared.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}
