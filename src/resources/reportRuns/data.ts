/** The `reportRuns` record (Admin, Panel de administrador → Envíos de reportes), paged on the server through the contract's data provider. */
import type { components } from "../../generated/openapi";

export type ReportRun = components["schemas"]["ReportRun"];
