/**
 * The airport the screens read (issue 37 item 3): the one chosen in the top bar's picker, kept in
 * the person's preferences on the server (so it follows them to any browser), else the default an
 * Admin set for them, else the first they may see, else MEX. Only airports the team holds
 * (`active`) and the person may see (their restriction) are offered.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { components } from "../../generated/openapi";
import { getStoredUser } from "../auth/session";
import { cachedAirports, useAirports } from "../queries/airports";
import { cachedOwnPreferences, useOwnPreferences, useSaveOwnPreferences } from "../queries/preferences";

type Airport = components["schemas"]["Airport"];
type SessionUser = components["schemas"]["SessionUser"];

/** What a screen needs of the chosen airport. */
export interface ChosenAirport {
  code: string;
  name: string;
  /** IANA zone: the airport's local time. */
  timeZone: string;
}

/** The install's airport, and every screen's until the list and the preferences are read. */
export const DEFAULT_CHOSEN_AIRPORT: ChosenAirport = {
  code: "MEX",
  name: "Aeropuerto Internacional de la Ciudad de México",
  timeZone: "America/Mexico_City",
};

/** The airports a person may pick: the held ones, within their restriction. */
export function pickableAirports(list: readonly Airport[] | undefined, user: Pick<SessionUser, "airports"> | null): Airport[] {
  const allowed = user?.airports ?? null;
  return (list ?? []).filter((airport) => airport.active && (allowed === null || allowed.includes(airport.code)));
}

/** The chosen airport among the pickable ones: the preference, else the user's default, else the first. */
export function chosenAirport(
  pickable: readonly Airport[],
  preference: string | null | undefined,
  user: Pick<SessionUser, "default_airport"> | null,
): ChosenAirport {
  const found =
    pickable.find((airport) => airport.code === preference) ??
    pickable.find((airport) => airport.code === user?.default_airport) ??
    pickable.find((airport) => airport.code === DEFAULT_CHOSEN_AIRPORT.code) ??
    pickable[0];
  return found ? { code: found.code, name: found.name, timeZone: found.time_zone } : DEFAULT_CHOSEN_AIRPORT;
}

/** The chosen airport: `{ code, name, timeZone }`. */
export function useAirport(): ChosenAirport {
  return useAirportChoice().airport;
}

/**
 * The chosen airport as `useAirport` will say once mounted, from what this page already read; null
 * while the list or the preferences are not read (an early read then waits for the view).
 */
export function cachedChosenAirport(queryClient: QueryClient): ChosenAirport | null {
  const airports = cachedAirports(queryClient);
  const preferences = cachedOwnPreferences(queryClient);
  if (airports === undefined || preferences === undefined) return null;
  const user = getStoredUser();
  return chosenAirport(pickableAirports(airports, user), preferences.airport, user);
}

/** The chosen airport, the ones that may be picked, and how to pick one (the top bar's picker). */
export function useAirportChoice() {
  const airports = useAirports();
  const preferences = useOwnPreferences();
  const save = useSaveOwnPreferences();
  const user = getStoredUser();
  const pickable = pickableAirports(airports.data, user);
  const airport = chosenAirport(pickable, preferences.data?.airport, user);
  const current = preferences.data;
  const choose = useCallback(
    (code: string) => {
      if (!current) return Promise.resolve();
      // The person's other preferences go back as read; the server keeps the version.
      return save.mutateAsync({ turnover_hidden_columns: current.turnover_hidden_columns, airport: code, version: current.version }).then(() => undefined);
    },
    [current, save],
  );
  // settled: both reads answered (or failed), so `airport` is the person's and no longer the default
  // shown meanwhile; a screen that reads one airport waits for it rather than read MEX first.
  const settled = !airports.isPending && !preferences.isPending;
  return { airport, pickable, choose, ready: airports.isSuccess && preferences.isSuccess, settled, saving: save.isPending };
}
