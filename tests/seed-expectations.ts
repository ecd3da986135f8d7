/**
 * What the seeds say each role sees (seed 000 §6, seed 001 §6, seed 002 §2 and §6; Cargas de datos:
 * issue 22 item 5, Admin and Slot; Monitoreo: issue 27 item 3, Admin, Slot and Seguimiento), written out
 * by hand on purpose: the component and browser tests check the contract's role table against
 * this, rather than against itself.
 */
export type SeedRole = "Admin" | "Slot" | "Seguimiento" | "Reportes";

/** Side-menu entries, in menu order. */
export const EXPECTED_MENU: Record<SeedRole, string[]> = {
  Admin: [
    "Entrega de turno",
    "Dashboard",
    "Reportes",
    "Panel de administrador",
    "Histórico",
    "Monitoreo",
    "Bitácora",
    "Carga de referencias",
    "Cargas de datos",
    "Matches",
  ],
  Slot: ["Entrega de turno", "Dashboard", "Reportes", "Histórico", "Monitoreo", "Bitácora", "Carga de referencias", "Cargas de datos", "Matches"],
  // Monitoreo (issue 27) is not in the seeds: Admin, Slot and Seguimiento see it.
  Seguimiento: ["Entrega de turno", "Dashboard", "Reportes", "Monitoreo", "Bitácora"],
  Reportes: ["Entrega de turno", "Dashboard", "Reportes", "Histórico"],
};

/** Borradores menu: Altas for Admin, Slot, Seguimiento; Modificaciones and Cancelaciones for Admin, Slot. */
export const EXPECTED_DRAFTS: Record<SeedRole, string[]> = {
  Admin: ["Altas", "Modificaciones", "Cancelaciones"],
  Slot: ["Altas", "Modificaciones", "Cancelaciones"],
  Seguimiento: ["Altas"],
  Reportes: [],
};

/** The settings icon ('Inicio de Temp.') is for Admin only. */
export const EXPECTED_SETTINGS: Record<SeedRole, boolean> = {
  Admin: true,
  Slot: false,
  Seguimiento: false,
  Reportes: false,
};
