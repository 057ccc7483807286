//! A streamed file (an SQL dump) written into the staging folder as it is
//! made, runs of an earlier file copied within the file system.
use std::fs::{self, File};
use std::io::{self, Write};

/// A file of the staging folder, written as it is made: a new file, or
/// one written over from its start.
pub(super) struct StagedStream {
    pub(super) out: io::BufWriter<File>,
    /// The file written over, as it was before this write began.
    pub(super) over: Option<fs::Metadata>,
    /// Bytes written or copied so far (not those left in place).
    pub(super) written: u64,
}

impl Write for StagedStream {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.out.write(bytes)?;
        self.written += n as u64;
        Ok(n)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl crate::sql::DumpOut for StagedStream {
    /// Within the file system where it can: the bytes are not read into
    /// this process and written back (for a federation's dump, hundreds of
    /// megabytes a build).
    fn copy_from(&mut self, file: &File, offset: u64, length: u64) -> io::Result<()> {
        self.out.flush()?;
        let copied = copy_within_file_system(file, offset, length, self.out.get_ref())?;
        let (offset, rest) = (offset + copied, length - copied);
        crate::sql::copy_by_reading(&mut self.out, file, offset, rest)?;
        self.written += length;
        Ok(())
    }

    fn written_over(&self) -> Option<&fs::Metadata> {
        self.over.as_ref()
    }

    fn skip(&mut self, length: u64) -> io::Result<()> {
        use io::Seek;
        if self.over.is_none() {
            return Err(io::ErrorKind::Unsupported.into());
        }
        let length = i64::try_from(length).map_err(|_| io::ErrorKind::InvalidInput)?;
        self.out.seek(io::SeekFrom::Current(length)).map(drop)
    }
}

/// Appends what it can of `length` bytes of `from`, from `offset`, to `to`
/// at its position, without reading them into this process; how many.
/// Where the system cannot (another file system, no such call), none.
#[cfg(target_os = "linux")]
fn copy_within_file_system(from: &File, offset: u64, length: u64, to: &File) -> io::Result<u64> {
    let mut at = offset;
    let end = offset
        .checked_add(length)
        .ok_or(io::ErrorKind::InvalidInput)?;
    while at < end {
        let run = usize::try_from(end - at).unwrap_or(usize::MAX).min(1 << 30);
        match rustix::fs::copy_file_range(from, Some(&mut at), to, None, run) {
            Ok(0) => break,
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => {}
            // Nothing was copied by this call: the rest goes by reading.
            Err(_) => break,
        }
    }
    Ok(at - offset)
}

#[cfg(not(target_os = "linux"))]
fn copy_within_file_system(_: &File, _: u64, _: u64, _: &File) -> io::Result<u64> {
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streamed_file_copies_runs_of_another_between_its_writes() {
        use crate::sql::DumpOut as _;
        let dir = tempfile::tempdir().unwrap();
        let from_text: Vec<u8> = (0..2_500_000u32).map(|i| (i % 253) as u8).collect();
        fs::write(dir.path().join("from"), &from_text).unwrap();
        let from = File::open(dir.path().join("from")).unwrap();
        let target = dir.path().join("to");
        let new_file = || StagedStream {
            out: io::BufWriter::new(File::create(&target).unwrap()),
            over: None,
            written: 0,
        };
        let mut out = new_file();
        let mut expected = Vec::new();
        for (offset, length) in [(0, 10), (5, 0), (100_000, 2_000_000), (2_499_999, 1)] {
            out.write_all(b"between").unwrap();
            expected.extend_from_slice(b"between");
            out.copy_from(&from, offset, length).unwrap();
            expected.extend_from_slice(&from_text[offset as usize..(offset + length) as usize]);
        }
        out.write_all(b"end").unwrap();
        expected.extend_from_slice(b"end");
        assert_eq!(out.written, expected.len() as u64);
        drop(out);
        let written = fs::read(&target).unwrap();
        assert_eq!(written.len(), expected.len());
        assert!(written == expected);
        let mut out = new_file();
        assert!(out.copy_from(&from, 2_499_999, 2).is_err(), "past the end");
        assert!(out.skip(1).is_err(), "a new file has nothing to skip over");
    }
}
