/** The name a report's PDF is saved under, wherever it is downloaded from. */
export const reportFileName = (reference: string) => `inspection-report-${reference}.pdf`;
