import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import "./lib/effects-scheduler.ts";
import { Layout } from "./components/layout.tsx";
import { Loading } from "./components/loading.tsx";
import { HomeRoute } from "./routes/home.tsx";
import { RegimenRoute } from "./routes/regimen.tsx";
import "./styles.css";

// The home and regimen screens are in the main bundle; the rest load on demand (DESIGN §9 JS budget).
const lazy = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

const router = createBrowserRouter([
  {
    element: <Layout />,
    hydrateFallbackElement: <Loading />,
    children: [
      { path: "/", element: <HomeRoute /> },
      { path: "/regimen/:userId", element: <RegimenRoute /> },
      { path: "/login", ...lazy(() => import("./routes/login.tsx")) },
      { path: "/forgot-password", ...lazy(() => import("./routes/forgot-password.tsx")) },
      { path: "/__/auth/action", ...lazy(() => import("./routes/auth-action.tsx")) },
      { path: "/profile", ...lazy(() => import("./routes/profile-redirect.tsx")) },
      { path: "/profile/:userId", ...lazy(() => import("./routes/profile.tsx")) },
      { path: "/edit-medication", ...lazy(() => import("./routes/edit-medication.tsx")) },
      { path: "/shared-access", ...lazy(() => import("./routes/shared-access.tsx")) },
      { path: "/invite/:invitationId", ...lazy(() => import("./routes/invite.tsx")) },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);

// Deliver query results in a microtask rather than a 0 ms timer: sooner, and independent of timers (a stopped
// test clock included).
notifyManager.setScheduler(queueMicrotask);

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
