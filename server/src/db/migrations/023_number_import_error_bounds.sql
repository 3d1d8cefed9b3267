-- An import's error report is bounded: number_import_errors keeps the first rejected rows of each import (the
-- importer's ERROR_REPORT_ROWS), and the rows past them are only counted, by kind of reason
-- (number_import_error_counts: a handful of rows per import, however large the file). A report is removed once its
-- retention ends (housekeeping); report_expired_on says when.

-- The rejected rows the report lists (those kept in number_import_errors).
ALTER TABLE number_imports ADD COLUMN report_rows integer NOT NULL DEFAULT 0 CHECK (report_rows >= 0);
ALTER TABLE number_imports ADD COLUMN report_expired_on timestamptz;

CREATE TABLE number_import_error_counts (
  import_id uuid NOT NULL REFERENCES number_imports (id) ON DELETE CASCADE,
  reason    text NOT NULL,
  count     integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (import_id, reason)
);

-- Imports of earlier releases kept every rejected row: their reports list them all (until they expire).
UPDATE number_imports i SET report_rows = e.n
  FROM (SELECT import_id, count(*)::int AS n FROM number_import_errors GROUP BY import_id) e
 WHERE e.import_id = i.id;

-- Housekeeping finds the finished imports whose report is still kept, oldest first.
CREATE INDEX number_imports_report_kept_idx ON number_imports (completed_on)
  WHERE report_expired_on IS NULL AND completed_on IS NOT NULL;
