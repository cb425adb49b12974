import { useQuery } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router";
import type { AccountDto } from "../../shared/api-schemas.ts";
import { Loading } from "../components/loading.tsx";
import { RequireUser } from "../features/session/components/guards.tsx";
import { api } from "../lib/api.ts";
import { paths } from "../paths.ts";

function useAccount(userId: string) {
  return useQuery({ queryKey: ["account", userId], queryFn: () => api<AccountDto>(`/api/accounts/${encodeURIComponent(userId)}`), retry: false });
}

/** SPEC §4 home access check: unknown (Loading...) → allowed, or denied → the user's own regimen. */
function RegimenAccess({ me, userId }: { me: AccountDto; userId: string }) {
  const account = useAccount(userId);
  if (account.isPending) return <Loading />;
  if (account.isError) return <Navigate to={paths.regimen(me.id)} replace />;
  return <Regimen account={account.data} />;
}

function Regimen({ account }: { account: AccountDto }) {
  return (
    <section aria-labelledby="regimen-title">
      <h1 id="regimen-title" className="visually-hidden">
        {account.isOwnAccount ? "Your medications" : `${account.name}'s medications`}
      </h1>
      <p className="empty-text">No medications selected. Go to Profile to select medications to track.</p>
    </section>
  );
}

export function RegimenRoute() {
  const { userId = "" } = useParams();
  return <RequireUser>{(me) => <RegimenAccess key={userId} me={me} userId={userId} />}</RequireUser>;
}
