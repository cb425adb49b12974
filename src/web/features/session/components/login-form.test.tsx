// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicConfigQueryOptions } from "../api/auth-calls.ts";
import { LoginForm } from "./login-form.tsx";

/** The server, as far as these forms reach it: each call recorded, each answer given by `answer`. */
function stubServer(answer: (path: string) => { status: number; body: unknown }) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal("fetch", async (path: string, init: { body?: string }) => {
    calls.push({ path, body: init.body ? JSON.parse(init.body) : undefined });
    const { status, body } = answer(path);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

function renderForm(onSignedIn = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(publicConfigQueryOptions.queryKey, { googleEnabled: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginForm onSignedIn={onSignedIn} returnTo="/" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSignedIn;
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
/** The one message shown, and the fields marked invalid and described by it. */
async function shown(message: string) {
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
  const alert = screen.getByRole("alert");
  const invalid = [...document.querySelectorAll("input[aria-invalid='true']")];
  for (const input of invalid) expect(input.getAttribute("aria-describedby")).toBe(alert.id);
  return invalid.map((input) => input.getAttribute("name"));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the login form", () => {
  it("shows SPEC §5's sign-up messages one at a time, each marking the field it is about, and only when pressed", async () => {
    stubServer(() => ({ status: 500, body: {} }));
    renderForm();
    press("Don't have an account? Sign up");
    press("Create Account");
    expect(await shown("Email and password are required")).toEqual(["email"]);

    type("Email", "newbie@example.test");
    type("Password", "secret1");
    type("Confirm password", "secret2");
    // Typing does not re-check: once every pending task has run, the message is still the last press's.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole("alert").textContent).toBe("Email and password are required");
    press("Create Account");
    expect(await shown("Passwords do not match")).toEqual(["confirm"]);
    // The press leaves the person on the field to fix.
    await waitFor(() => expect(document.activeElement?.getAttribute("name")).toBe("confirm"));

    type("Password", "12345");
    type("Confirm password", "12345");
    press("Create Account");
    expect(await shown("Password must be at least 6 characters")).toEqual(["password"]);

    type("Password", "secret1");
    type("Confirm password", "secret1");
    type("Full name", "   ");
    press("Create Account");
    expect(await shown("Name is required")).toEqual(["name"]);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("signs up with the name and e-mail trimmed, then hands over the signed-in user", async () => {
    const calls = stubServer((path) =>
      path === "/api/session" ? { status: 200, body: { user: { id: "u1", name: "Ada" } } } : { status: 200, body: {} },
    );
    const onSignedIn = renderForm();
    press("Don't have an account? Sign up");
    type("Full name", "  Ada Lovelace ");
    type("Email", " ada@example.test ");
    type("Password", "secret1");
    type("Confirm password", "secret1");
    press("Create Account");
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith("u1"));
    expect(calls[0]).toMatchObject({
      path: "/api/auth/sign-up/email",
      body: { name: "Ada Lovelace", email: "ada@example.test", password: "secret1" },
    });
  });

  it("shows the server's refusal on the form, not on a field, and the next press's rule replaces it", async () => {
    stubServer(() => ({ status: 401, body: { message: "Invalid email or password" } }));
    renderForm();
    type("Email", "sam@example.test");
    type("Password", "wrong-password");
    press("Sign In");
    expect(await shown("Invalid email or password")).toEqual([]);
    type("Password", "");
    press("Sign In");
    expect(await shown("Email and password are required")).toEqual(["password"]);
  });
});
