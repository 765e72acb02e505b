/**
 * The report feature's public entry for its server layer: what other features may import from
 * report/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { REPORTS_OFF, reportStore } from "./deploy-store";
export { missingForReport, missingFrom, signedAsTermsStand } from "./report-access";
export { attachReport, ownerDownloadLink, releaseReportAnyway, reportUploadLink } from "./report-desk";
export { reportFileName } from "./report-file-name";
export {
  findReport,
  letGoOfOrphanReports,
  recordDownload,
  reportsOf,
  reportsWithDownloads,
  reportsWithDownloadsRead,
} from "./report-queries";
export { removeGoneObjects } from "./report-retention";
export type { ReportWithDownloads } from "./report-queries";
export type { ReportStore } from "./report-store";
