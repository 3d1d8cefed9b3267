-- A delegate certificate's numbers are kept out of line and uncompressed (docs/performance.md): compressing the
-- multirange of 10,000 scattered numbers (210 kB, 73 kB compressed) took more than half of the insert of its row,
-- and every overlap check that reads it back paid for the decompression. Rows written before keep theirs.
ALTER TABLE delegate_certificates ALTER COLUMN numbers SET STORAGE EXTERNAL;
