import { describe, expect, it } from "vitest";
import { dataProvider } from "../../src/app/dataProvider";
import { SEASONS } from "./helpers";
import { http, server } from "./msw";

const serveSeasons = (onQuery?: (query: URLSearchParams) => void) =>
  server.use(
    http.get("/api/seasons/", ({ request, response }) => {
      const query = new URL(request.url).searchParams;
      onQuery?.(query);
      const id = query.get("id");
      return response(200).json(id ? SEASONS.filter((season) => String(season.id) === id) : SEASONS);
    }),
  );

describe("dataProvider: seasons", () => {
  it("lists seasons sorted, searched and paged in the browser", async () => {
    serveSeasons();
    const page1 = await dataProvider.getList("seasons", {
      sort: { field: "start_date", order: "ASC" },
      pagination: { page: 1, perPage: 2 },
      filter: {},
    });
    expect(page1.total).toBe(3);
    expect(page1.data.map((season) => season.name)).toEqual(["W25", "S26"]);

    const page2 = await dataProvider.getList("seasons", {
      sort: { field: "start_date", order: "ASC" },
      pagination: { page: 2, perPage: 2 },
      filter: {},
    });
    expect(page2.data.map((season) => season.name)).toEqual(["W26"]);

    const winters = await dataProvider.getList("seasons", {
      sort: { field: "id", order: "DESC" },
      pagination: { page: 1, perPage: 25 },
      filter: { q: "w" },
    });
    expect(winters.total).toBe(2);
    expect(winters.data.map((season) => season.name)).toEqual(["W26", "W25"]);
  });

  it("passes the contract's filters (current, id, name, for_date) to the server", async () => {
    let seen: URLSearchParams | null = null;
    serveSeasons((query) => {
      seen = query;
    });
    await dataProvider.getList("seasons", {
      sort: { field: "id", order: "ASC" },
      pagination: { page: 1, perPage: 10 },
      filter: { current: true, for_date: "2026-11-22" },
    });
    expect(seen).not.toBeNull();
    expect(Object.fromEntries(seen ?? [])).toEqual({ current: "true", for_date: "2026-11-22" });
  });

  it("rejects a filter the contract does not offer, in Spanish", async () => {
    await expect(
      dataProvider.getList("seasons", {
        sort: { field: "id", order: "ASC" },
        pagination: { page: 1, perPage: 10 },
        filter: { color: "rojo" },
      }),
    ).rejects.toMatchObject({ message: "Filtro no disponible: color", status: 400 });
  });

  it("gets one season, and says in Spanish when it does not exist", async () => {
    serveSeasons();
    expect((await dataProvider.getOne("seasons", { id: 2 })).data).toEqual(SEASONS[1]);
    await expect(dataProvider.getOne("seasons", { id: 99 })).rejects.toMatchObject({
      message: "No se encontró el registro 99; quizá otra persona lo eliminó.",
      status: 404,
    });
  });

  it("gets many seasons by id", async () => {
    serveSeasons();
    const { data } = await dataProvider.getMany("seasons", { ids: [1, "3"] });
    expect(data.map((season) => season.name).sort()).toEqual(["W25", "W26"]);
  });

  it("carries the server's message and status when the call fails", async () => {
    server.use(
      http.get("/api/seasons/", ({ response }) =>
        response(400).json({ message: "El parámetro name no es un código de temporada" }),
      ),
    );
    await expect(
      dataProvider.getList("seasons", {
        sort: { field: "id", order: "ASC" },
        pagination: { page: 1, perPage: 10 },
        filter: { name: "X" },
      }),
    ).rejects.toMatchObject({ message: "El parámetro name no es un código de temporada", status: 400 });
  });
});

describe("dataProvider: other resources", () => {
  it("rejects every resource and method that is not built yet with a Spanish message", async () => {
    await expect(
      dataProvider.getList("history", { sort: { field: "id", order: "ASC" }, pagination: { page: 1, perPage: 10 } }),
    ).rejects.toMatchObject({ message: "Recurso no disponible: history" });
    await expect(dataProvider.delete("seasons", { id: 1, previousData: { id: 1 } })).rejects.toMatchObject({
      message: "Recurso no disponible: seasons",
    });
    await expect(dataProvider.updateMany("users", { ids: [1], data: {} })).rejects.toMatchObject({
      message: "Recurso no disponible: users",
    });
  });
});
