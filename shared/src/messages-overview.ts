/** Texts of the owner's overview, low stock, exports and imports (issue #33). */
export const overviewMessages = {
  invalidThreshold: 'Threshold must be a whole number from 0',
  thresholdSaved: 'Threshold saved',
  invalidDate: 'Dates must be written as YYYY-MM-DD',
  dateRangeBackwards: 'The end date must not be before the start date',
  importEmpty: 'Choose a CSV file with at least one product',
  importTooLarge: 'The file is over 4 MB: import it in parts',
  importDryRunInvalid: 'dryRun must be true (only check the file) or false (import it)',
  importNoRows: 'The file has a header but no products',
  importTooManyRows: (most: number) => `At most ${most} products can be imported at once`,
  importMissingColumns: (columns: string[]) => `The header lacks these columns: ${columns.join(', ')}`,
  importUnreadable: (reason: string) => `The file is not a CSV that can be read: ${reason}`,
  importNotUtf8:
    "The file has characters that are not UTF-8: in the spreadsheet, save it as 'CSV UTF-8' and choose it again",
  importDuplicateColumns: (columns: string[]) => `The header has these columns twice: ${columns.join(', ')}`,
  importUnknownId: 'No product has this id',
  importDuplicateId: 'This id is in the file twice',
  importStockMoved: (atExport: number, now: number) =>
    `The stock moved from ${atExport} to ${now} since the file was exported (items were sold or given back): export again, or write ${now} in countInStockAtExport and check the count`,
  importStockAtExportInvalid: 'must be a whole number from 0, or empty',
  importRejected: 'Nothing was imported: fix the rejected rows and try again',
  importDone: 'Products imported',
  lowStockMailSubject: 'Products running low',
  lowStockMailIntro: 'These products are at or below their low-stock threshold since the last check:',
} as const;
