import { QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { lazy, StrictMode, Suspense, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { Layout } from "./routes/layout.tsx";
import { Loading } from "./components/loading.tsx";
import { registerPillLogMutations } from "./features/regimen/api/pill-logs.ts";
import { PERSIST_MAX_AGE_MS, persistOptions } from "./lib/persist.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { HomeRoute } from "./routes/home.tsx";
import { RegimenRoute } from "./routes/regimen.tsx";
import "./styles.css";

// The home and regimen screens are in the main bundle; the rest load on demand (DESIGN §9 JS budget). NOTE:
// react-router's declarative routes, not its data router (createBrowserRouter): the data router is ~50 KB more
// of the first load's JavaScript, and the app uses none of it (docs/decisions/018-offline-and-install.md).
const screen = (load: () => Promise<{ Component: ComponentType }>) => {
  const Screen = lazy(() => load().then((m) => ({ default: m.Component })));
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
};

const routes = (
  <Routes>
    <Route element={<Layout />}>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/regimen/:userId" element={<RegimenRoute />} />
      <Route path="/login" element={screen(() => import("./routes/login.tsx"))} />
      <Route path="/forgot-password" element={screen(() => import("./routes/forgot-password.tsx"))} />
      <Route path="/__/auth/action" element={screen(() => import("./routes/auth-action.tsx"))} />
      <Route path="/profile" element={screen(() => import("./routes/profile-redirect.tsx"))} />
      <Route path="/profile/:userId" element={screen(() => import("./routes/profile.tsx"))} />
      <Route path="/edit-medication" element={screen(() => import("./routes/edit-medication.tsx"))} />
      <Route path="/shared-access" element={screen(() => import("./routes/shared-access.tsx"))} />
      <Route path="/invite/:invitationId" element={screen(() => import("./routes/invite.tsx"))} />
      <Route path="/history/:userId" element={screen(() => import("./routes/history.tsx"))} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Route>
  </Routes>
);

// Kept data (DESIGN §10) lives as long as it may be shown; a shorter gcTime would drop it before it is saved.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, gcTime: PERSIST_MAX_AGE_MS } } });
registerPillLogMutations(queryClient);

/**
 * Kept data shows at once but is only what was last known: it is all checked again (who is signed in, first),
 * and kept doses are sent once the server answers: those saved while offline, and any still on its way when the
 * page closed (restored pending but not paused, which `resumePausedMutations` would leave). Neither is awaited:
 * the page must not wait.
 */
function onRestored() {
  void queryClient.invalidateQueries();
  for (const mutation of queryClient.getMutationCache().findAll({ status: "pending" })) void mutation.continue().catch(() => undefined);
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={onRestored}>
      <BrowserRouter>{routes}</BrowserRouter>
    </PersistQueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
