import { Link, Navigate } from "react-router";
import { Loading } from "../components/loading.tsx";
import { useOptionalUser } from "../features/session/api/session.ts";
import { paths } from "../paths.ts";

export function HomeRoute() {
  const { user } = useOptionalUser();
  if (user === undefined) return <Loading />;
  if (user) return <Navigate to={paths.regimen(user.id)} replace />;
  return (
    <section className="hero">
      <h1>Take every dose on time</h1>
      <p className="lead">Dosetime counts down to your next dose, keeps protein away from levodopa, and lets the people who care for you help.</p>
      <p className="empty-text">Sign in to track your medications</p>
      <Link to={paths.login()} className="button button-big">
        Sign In
      </Link>
    </section>
  );
}
