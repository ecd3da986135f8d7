import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiClient } from "../../src/client/api/client";
import { currentSeason, findHeading, findSideMenu, renderApp, SEASONS, signInAs, USERS } from "./helpers";
import { http, server } from "./msw";

const TOKEN = "t".repeat(32);
const EXPIRED = "SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO";

const fillLogin = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Correo electrónico", {}, { timeout: 5000 }), email);
  await user.type(screen.getByLabelText("Contraseña"), password);
  await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));
};

describe("login", () => {
  it("signs in, keeps the session user, role and current season, and opens Entrega de turno", async () => {
    const csrfHeaders: (string | null)[] = [];
    server.use(
      http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: TOKEN })),
      http.post("/api/auth/login/", async ({ request, response }) => {
        csrfHeaders.push(request.headers.get("X-CSRFToken"));
        const body = await request.json();
        if (body.email !== USERS.Slot.email || body.password !== "secreta") {
          return response(401).json({ message: "Credenciales incorrectas" });
        }
        return response(200).json(USERS.Slot);
      }),
      http.get("/api/seasons/", ({ query, response }) =>
        response(200).json(query.get("current") === "true" ? SEASONS.slice(0, 1) : SEASONS),
      ),
    );

    renderApp("/auth/login");
    expect(await findHeading("Iniciar sesión")).toBeInTheDocument();
    expect(document.title).toBe("Iniciar sesión - Slotdesk");

    await fillLogin(USERS.Slot.email, "secreta");

    expect(await findHeading("Entrega de turno")).toBeInTheDocument();
    expect(document.title).toBe("Entrega de turno - Slotdesk");
    expect(JSON.parse(sessionStorage.getItem("user") ?? "null")).toEqual(USERS.Slot);
    expect(localStorage.getItem("userRole")).toBe("Slot");
    expect(JSON.parse(localStorage.getItem("season") ?? "null")).toEqual(SEASONS[0]);
    // The CSRF token was fetched first (no cookie yet) and sent with the login.
    expect(csrfHeaders).toEqual([TOKEN]);
  });

  it("sends the csrftoken cookie's value as X-CSRFToken without asking for a new token", async () => {
    const cookieToken = "c".repeat(40);
    document.cookie = `csrftoken=${cookieToken}; path=/`;
    let sent: string | null = null;
    server.use(
      // No handler for /api/auth/csrf/: calling it would fail the test (unhandled request).
      http.post("/api/auth/login/", ({ request, response }) => {
        sent = request.headers.get("X-CSRFToken");
        return response(200).json(USERS.Admin);
      }),
      http.get("/api/seasons/", ({ response }) => response(200).json(SEASONS.slice(0, 1))),
    );

    renderApp("/auth/login");
    await fillLogin(USERS.Admin.email, "secreta");

    expect(await findHeading("Entrega de turno")).toBeInTheDocument();
    expect(sent).toBe(cookieToken);
  });

  it("shows the server's Spanish message and stays on the login page when signing in fails", async () => {
    server.use(
      http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: TOKEN })),
      http.post("/api/auth/login/", ({ response }) =>
        response(429).json({ message: "Demasiados intentos. Intente de nuevo en 15 minutos." }),
      ),
    );

    renderApp("/auth/login");
    await fillLogin("ana.ramirez@example.com", "equivocada");

    expect(await screen.findByText("Demasiados intentos. Intente de nuevo en 15 minutos.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Iniciar sesión", level: 1 })).toBeInTheDocument();
    expect(sessionStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("userRole")).toBeNull();
    // The form can be used again.
    expect(screen.getByRole("button", { name: "Iniciar sesión" })).toBeEnabled();
  });

  it("asks for both fields before calling the server", async () => {
    renderApp("/auth/login");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Iniciar sesión" }, { timeout: 5000 }));
    expect(screen.getByText("Ingrese su correo electrónico")).toBeInTheDocument();
    expect(screen.getByText("Ingrese su contraseña")).toBeInTheDocument();
  });
});

describe("session on load", () => {
  it("sends a first-time visitor to the login page without calling the server or claiming an expiry", async () => {
    renderApp("/");
    expect(await findHeading("Iniciar sesión")).toBeInTheDocument();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it("restores the session user from the cookie session in a new tab", async () => {
    localStorage.setItem("userRole", "Reportes");
    server.use(
      http.get("/api/auth/me/", ({ response }) => response(200).json(USERS.Reportes)),
      http.get("/api/seasons/", ({ response }) => response(200).json(SEASONS.slice(0, 1))),
    );

    renderApp("/history");

    expect(await findHeading("Histórico")).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem("user") ?? "null")).toEqual(USERS.Reportes);
  });

  it("shows the login page with the expired-session notice when /api/auth/me/ answers 401", async () => {
    // This browser had a session (its role is stored) but the server no longer knows it.
    localStorage.setItem("userRole", "Admin");
    server.use(http.get("/api/auth/me/", ({ response }) => response(401).json({ message: "Sesión no válida" })));

    renderApp("/turnover");

    expect(await screen.findByText(EXPIRED, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Iniciar sesión", level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Menú principal" })).not.toBeInTheDocument();
  });
});

describe("while signed in", () => {
  it("replaces a stored season that is already over with the current one", async () => {
    signInAs("Slot");
    localStorage.setItem(
      "season",
      JSON.stringify({ id: 1, name: "W20", start_date: "2020-10-25", end_date: "2021-03-27" }),
    );
    const current = currentSeason();
    server.use(
      http.get("/api/seasons/", ({ query, response }) =>
        query.get("current") === "true" ? response(200).json([current]) : response(400).json({ message: "x" }),
      ),
    );

    renderApp("/turnover");
    await findSideMenu();

    await waitFor(() => expect(JSON.parse(localStorage.getItem("season") ?? "null")).toEqual(current));
  });

  it("a 401 from any API call clears the tab's session and shows the expired notice on the login page", async () => {
    signInAs("Slot");
    sessionStorage.setItem("draft_note", "kept only for this tab");
    server.use(http.get("/api/seasons/", ({ response }) => response(401).json({ message: "Sesión expirada" })));

    const { router } = renderApp("/logbook");
    await findSideMenu();

    await act(async () => {
      await apiClient.GET("/api/seasons/");
    });

    expect(await screen.findByText(EXPIRED, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(sessionStorage.getItem("user")).toBeNull();
    expect(sessionStorage.getItem("draft_note")).toBeNull();
  });

  it("'Cerrar sesión' ends the session on the server and returns to a plain login page", async () => {
    signInAs("Seguimiento");
    document.cookie = `csrftoken=${TOKEN}; path=/`;
    let loggedOutWith: string | null = null;
    server.use(
      http.post("/api/auth/logout/", ({ request, response }) => {
        loggedOutWith = request.headers.get("X-CSRFToken");
        return response(204).empty();
      }),
    );

    // The range and zone this user chose (issue 24 item 10): the next person must not inherit them.
    localStorage.setItem("range", JSON.stringify(["2026-11-01", "2026-11-07"]));
    localStorage.setItem("range_preset", "custom");
    localStorage.setItem("time_zone", "utc");

    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Menú de usuario" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Cerrar sesión" }));

    expect(await findHeading("Iniciar sesión")).toBeInTheDocument();
    expect(loggedOutWith).toBe(TOKEN);
    expect(sessionStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("userRole")).toBeNull();
    expect([localStorage.getItem("range"), localStorage.getItem("range_preset"), localStorage.getItem("time_zone")]).toEqual([null, null, null]);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Iniciar sesión - Slotdesk"));
  });
});
