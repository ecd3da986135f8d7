/** The handler of every contract operation, by operationId. The type makes a missing one an error. */
import {
  changeOwnName,
  changeOwnPassword,
  getAccountToken,
  requestPasswordReset,
  setPasswordWithToken,
} from "./account/handlers";
import { listAuditLog, listOutbox } from "./audit/handlers";
import { getCsrfToken, getSessionUser, login, logout } from "./auth/handlers";
import type { Handlers } from "./contract/routes";
import { createContact, deleteContact, listContacts, updateContact } from "./contacts/handlers";
import {
  applyCoordinatorListDifferences,
  compareCoordinatorList,
  downloadCoordinatorListComparison,
} from "./coordinatorList/handlers";
import { deleteDraft, getDrafts, saveDrafts } from "./drafts/handlers";
import {
  checkReferenceAvailability,
  deleteLogbookRequest,
  getLogbookPart,
  listLogbook,
  nextAvailableReference,
  updateLogbookNotes,
  deleteLogbookFile,
  downloadLogbookFile,
  uploadLogbookFile,
  answerLogbookOffer,
  listLogbookOffers,
  analyzeLogRequestFile,
  createLogbookRequest,
} from "./logbook/handlers";
import { importFlights } from "./flights/handlers";
import {
  createJustification,
  createJustificationReason,
  deleteJustification,
  downloadJustificationFile,
  listJustificationReasons,
  listJustifications,
  updateJustification,
  updateJustificationReason,
} from "./justifications/handlers";
import { importSchedule } from "./schedule/handlers";
import { applyDataLoad, downloadDataLoadFile, listDataLoads, previewDataLoad } from "./loads/handlers";
import { downloadHistory, listHistory } from "./history/handlers";
import { getMonitoring, getMonitoringRetime } from "./monitoring/handlers";
import {
  downloadMatches,
  generateMediumTermMatches,
  generateShortTermMatches,
  listMediumTermMatches,
  listShortTermMatches,
} from "./termMatches/handlers";
import { listPresence, setViewing, streamLiveEvents } from "./live/handlers";
import { listAirports } from "./airports/handlers";
import { listReportRuns } from "./reports/runs";
import { downloadReport, getReport, getReportTemplate, listReportAddRecords, saveReportTemplate, sendReport } from "./reports/handlers";
import { createSeason, listSeasons, updateSeason } from "./seasons/handlers";
import { encodeDraft, generateRequest, getSendStatus } from "./requests/handlers";
import { listSettings, modifySetting } from "./settings/handlers";
import { seasonUploadTemplate, uploadSeasonSlots } from "./slots/handlers";
import { changeReferenceLineStatus, computeReferenceRequest, computeReferenceResponse } from "./referenceUpload/handlers";
import { getHealth } from "./system/handlers";
import { downloadTurnover, getTurnover, getTurnoverByIds } from "./turnover/handlers";
import {
  assignSlotLeftover,
  evaluateMatchDelays,
  getMatch,
  listAffectations,
  listDelayCodes,
  listSlotChanges,
  listSlotLeftovers,
  separateMatch,
  updateAffectation,
  updateRealDates,
} from "./matchViewer/handlers";
import {
  addUser,
  blockUser,
  changeUserRole,
  deleteUser,
  listRoles,
  listUsers,
  resetUserPassword,
  unblockUser,
  updateUser,
} from "./users/handlers";

export const handlers: Handlers = {
  compareCoordinatorList,
  applyCoordinatorListDifferences,
  downloadCoordinatorListComparison,
  getReport,
  downloadReport,
  listReportAddRecords,
  getCsrfToken,
  login,
  logout,
  getSessionUser,
  getHealth,
  listSeasons,
  listAirports,
  listSettings,
  modifySetting,
  changeOwnName,
  changeOwnPassword,
  requestPasswordReset,
  getAccountToken,
  setPasswordWithToken,
  listUsers,
  listRoles,
  addUser,
  updateUser,
  changeUserRole,
  blockUser,
  unblockUser,
  deleteUser,
  resetUserPassword,
  listContacts,
  createContact,
  updateContact,
  deleteContact,
  createSeason,
  updateSeason,
  listAuditLog,
  listOutbox,
  getDrafts,
  saveDrafts,
  deleteDraft,
  getTurnover,
  getTurnoverByIds,
  getMatch,
  downloadTurnover,
  listHistory,
  getMonitoring,
  getMonitoringRetime,
  downloadHistory,
  listDelayCodes,
  evaluateMatchDelays,
  listSlotChanges,
  listSlotLeftovers,
  assignSlotLeftover,
  separateMatch,
  listAffectations,
  updateAffectation,
  updateRealDates,
  importFlights,
  importSchedule,
  previewDataLoad,
  applyDataLoad,
  listDataLoads,
  downloadDataLoadFile,
  uploadSeasonSlots,
  computeReferenceRequest,
  computeReferenceResponse,
  changeReferenceLineStatus,
  seasonUploadTemplate,
  encodeDraft,
  generateRequest,
  getSendStatus,
  listLogbook,
  getLogbookPart,
  nextAvailableReference,
  checkReferenceAvailability,
  updateLogbookNotes,
  deleteLogbookRequest,
  deleteLogbookFile,
  downloadLogbookFile,
  uploadLogbookFile,
  analyzeLogRequestFile,
  createLogbookRequest,
  answerLogbookOffer,
  listLogbookOffers,
  listMediumTermMatches,
  listShortTermMatches,
  generateMediumTermMatches,
  generateShortTermMatches,
  downloadMatches,
  sendReport,
  getReportTemplate,
  saveReportTemplate,
  listReportRuns,
  streamLiveEvents,
  listPresence,
  setViewing,
  listJustificationReasons,
  createJustificationReason,
  updateJustificationReason,
  listJustifications,
  createJustification,
  updateJustification,
  deleteJustification,
  downloadJustificationFile,
};
