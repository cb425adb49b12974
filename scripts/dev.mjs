// `npm run dev`: the API server from sources (tsx watch) on :3000 and Vite's dev server on :5173, proxying /api.
import { spawn } from "node:child_process";

const children = [
  spawn("node_modules/.bin/tsx", ["watch", "src/server/main.ts"], { stdio: "inherit", env: { ...process.env, PUBLIC_URL: "http://localhost:5173" } }),
  spawn("node_modules/.bin/vite", ["--port", "5173"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
