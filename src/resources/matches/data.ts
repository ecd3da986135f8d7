/**
 * The `matches` resource (seed 002 §3 "Match record", §7; issue 15 item 3): the medium- or
 * short-term generations, chosen by the list's `kind` filter, and a generation (`create`). The
 * server answers a kind's whole list (a few per month), so search, sort and paging happen here.
 */
import { HttpError } from "react-admin";
import { translate } from "../../client/i18n/i18nProvider";
import type { components } from "../../generated/openapi";

export type MatchGeneration = components["schemas"]["MatchGeneration"];
export type MatchKind = MatchGeneration["kind"];
type MediumTermRequest = components["schemas"]["MediumTermMatchesRequest"];
type ShortTermRequest = components["schemas"]["ShortTermMatchesRequest"];

/** What the view asks to generate: the kind's own request body. */
export type GenerationRequest = ({ kind: "medium" } & MediumTermRequest) | ({ kind: "short" } & ShortTermRequest);

/**
 * The Spanish notice of a failed generation (seed 002 §8): the server's own sentence for a refused
 * request ('Ya existen matches…', a bad range), the generic one for anything else.
 */
export const generationFailure = (error: unknown): string =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : translate("slotdesk.matches.failed");
