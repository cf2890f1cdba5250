//! A catalog directory that changes in one atomic step.
//!
//! ```text
//! root/
//!   current -> versions/20261123T221503Z-1a2b3c4d   (a symlink, replaced by one rename)
//!   versions/<id>/…files, _manifest.json             (never changed once in place)
//!   .lock                                            (held by the one writer)
//!   .last-sync                                       (the last sync's outcome, `LastSync`)
//!   .staging-<pid>-<n>/                              (a version being written)
//! ```
//!
//! Readers resolve `current` once and read every file from the version it names, so a reload
//! never mixes two catalogs. Writers hold `.lock` from the first file they stage to the swap,
//! so two syncs never share a staging or a swap. A root without `current` is read as it is (a
//! mirror of upstream files, or a catalog written before versions existed).

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

const CURRENT: &str = "current";
const VERSIONS: &str = "versions";
const LOCK: &str = ".lock";
const STAGING_PREFIX: &str = ".staging-";
/// What a writer leaves in the root besides versions: no catalog.
fn is_writers(name: &str) -> bool {
    name == LOCK
        || name == "current.new"
        || name.starts_with(super::LAST_SYNC)
        || name.starts_with(STAGING_PREFIX)
}

/// Versions kept besides the current one, for readers still reading an older one.
const KEEP: usize = 2;
/// No version younger than this is removed, whatever their number.
const MIN_AGE: Duration = Duration::from_secs(600);

#[derive(Debug, Clone)]
pub struct CatalogDir {
    root: PathBuf,
}

/// The writer's lock: held until dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

impl CatalogDir {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The directory to read the catalog from, resolved once: the version `current` names,
    /// or the root itself when it has no versions.
    pub fn current(&self) -> PathBuf {
        let link = self.root.join(CURRENT);
        match std::fs::read_link(&link) {
            Ok(target) => self.root.join(target),
            Err(_) => self.root.clone(),
        }
    }

    /// Whether the root holds versions (a sync has written here).
    pub fn is_versioned(&self) -> bool {
        self.root.join(CURRENT).symlink_metadata().is_ok()
    }

    /// Waits for, and takes, the one writer's lock (creating the root if need be).
    pub fn lock(&self) -> io::Result<Lock> {
        std::fs::create_dir_all(&self.root)?;
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.root.join(LOCK))?;
        file.lock()?;
        Ok(Lock { _file: file })
    }

    /// The lock if no writer holds it now.
    pub fn try_lock(&self) -> io::Result<Option<Lock>> {
        if !self.root.is_dir() {
            return Ok(None);
        }
        let file = match File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.root.join(LOCK))
        {
            Ok(f) => f,
            // A read-only root (a mirror) has nothing to recover.
            Err(e)
                if e.kind() == io::ErrorKind::PermissionDenied
                    || e.kind() == io::ErrorKind::ReadOnlyFilesystem =>
            {
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        match file.try_lock() {
            Ok(()) => Ok(Some(Lock { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// Repairs what an interrupted writer left: staging directories, a half-made link, a
    /// `current` naming a version that is not there, and the previous layout's swap (a
    /// catalog moved aside to `.<name>.old` and not put back). Run under the lock, before a
    /// sync and before `serve` first loads.
    pub fn recover(&self, _lock: &Lock) -> io::Result<()> {
        let old = self.old_layout_aside();
        if !self.root.join(CURRENT).exists()
            && old.is_dir()
            && std::fs::read_dir(&self.root)?.all(|e| {
                e.is_ok_and(|e| {
                    let name = e.file_name();
                    name == LOCK || name.to_string_lossy().starts_with(super::LAST_SYNC)
                })
            })
        {
            // Before versions, a swap moved the catalog aside and renamed the new one in; a
            // crash between the two left only the old one.
            for entry in std::fs::read_dir(&old)? {
                let entry = entry?;
                std::fs::rename(entry.path(), self.root.join(entry.file_name()))?;
            }
            std::fs::remove_dir(&old)?;
        }
        for entry in std::fs::read_dir(&self.root)? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(STAGING_PREFIX) {
                std::fs::remove_dir_all(entry.path())?;
            } else if name == "current.new" {
                std::fs::remove_file(entry.path())?;
            }
        }
        let link = self.root.join(CURRENT);
        if link.symlink_metadata().is_ok() && !link.exists() {
            // `current` names a version that is gone: the newest one there is.
            std::fs::remove_file(&link)?;
            if let Some(newest) = self.versions()?.pop() {
                self.point_current_at(&newest)?;
            }
        }
        Ok(())
    }

    /// Recovers if an interrupted writer left something and no writer is at work (a running
    /// sync recovers for itself). A directory with nothing to repair is not touched: `serve`
    /// pointed at a mirror writes nothing into it.
    pub fn recover_if_idle(&self) -> io::Result<()> {
        if !self.needs_recovery() {
            return Ok(());
        }
        if !self.root.exists() {
            // The previous layout's swap was cut between its two renames: the root is gone
            // and the catalog is aside. It comes back under the lock, in the root.
            std::fs::create_dir_all(&self.root)?;
        }
        match self.try_lock()? {
            Some(lock) => self.recover(&lock),
            None => Ok(()),
        }
    }

    /// Whether an interrupted writer left something for [`Self::recover`] to repair.
    pub fn needs_recovery(&self) -> bool {
        let link = self.root.join(CURRENT);
        let dangling = link.symlink_metadata().is_ok() && !link.exists();
        let left = std::fs::read_dir(&self.root).is_ok_and(|entries| {
            entries.filter_map(Result::ok).any(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                name.starts_with(STAGING_PREFIX) || name == "current.new"
            })
        });
        dangling || left || (!self.holds_data() && self.old_layout_aside().is_dir())
    }

    /// Whether the root holds a catalog, or anything but what a writer leaves on its way (the
    /// lock, a staging directory): a directory holding nothing else is a first start.
    pub fn holds_data(&self) -> bool {
        std::fs::read_dir(&self.root).is_ok_and(|entries| {
            entries.filter_map(Result::ok).any(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                !is_writers(&name)
            })
        })
    }

    /// A new, empty staging directory.
    pub fn staging(&self, _lock: &Lock) -> io::Result<PathBuf> {
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let path = self
            .root
            .join(format!("{STAGING_PREFIX}{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path)?;
        Ok(path)
    }

    /// Puts a staged catalog in place as version `id` and makes it current in one rename.
    /// Returns the version's directory.
    pub fn commit(&self, _lock: &Lock, staging: &Path, id: &str) -> io::Result<PathBuf> {
        let versions = self.root.join(VERSIONS);
        std::fs::create_dir_all(&versions)?;
        let version = versions.join(id);
        let previous = self.is_versioned().then(|| self.current());
        sync_dir(staging)?;
        std::fs::rename(staging, &version)?;
        sync_dir(&versions)?;
        self.point_current_at(id)?;
        // A version's age, for the garbage collector, counts from when it stopped being
        // current: a reader that resolved it a moment ago finishes on it.
        if let Some(previous) = previous
            && previous != version
        {
            let _ = File::open(&previous).and_then(|f| f.set_modified(SystemTime::now()));
        }
        self.collect_garbage(id);
        Ok(version)
    }

    fn point_current_at(&self, id: &str) -> io::Result<()> {
        let new = self.root.join("current.new");
        let _ = std::fs::remove_file(&new);
        std::os::unix::fs::symlink(Path::new(VERSIONS).join(id), &new)?;
        std::fs::rename(&new, self.root.join(CURRENT))?;
        sync_dir(&self.root)
    }

    /// Version ids, oldest first (ids sort by time).
    fn versions(&self) -> io::Result<Vec<String>> {
        let dir = self.root.join(VERSIONS);
        if !dir.is_dir() {
            return Ok(Vec::new());
        }
        let mut ids: Vec<String> = std::fs::read_dir(dir)?
            .filter_map(Result::ok)
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        ids.sort();
        Ok(ids)
    }

    /// Removes versions beyond the newest few, none of them current in the last [`MIN_AGE`]:
    /// a reader that resolved one a moment ago finishes on it.
    fn collect_garbage(&self, current: &str) {
        let Ok(ids) = self.versions() else { return };
        let others: Vec<&String> = ids.iter().filter(|id| *id != current).collect();
        let surplus = others.len().saturating_sub(KEEP);
        for id in others.into_iter().take(surplus) {
            let path = self.root.join(VERSIONS).join(id);
            let old_enough = path
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > MIN_AGE));
            if old_enough {
                let _ = std::fs::remove_dir_all(path);
            }
        }
    }

    fn old_layout_aside(&self) -> PathBuf {
        let name = self
            .root
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("cards");
        self.root.with_file_name(format!(".{name}.old"))
    }
}

/// Makes a directory's entries durable (a rename is only safe once its directory is synced).
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(dir: &CatalogDir, lock: &Lock, content: &str) -> PathBuf {
        let staging = dir.staging(lock).unwrap();
        std::fs::write(staging.join("cards.json"), content).unwrap();
        staging
    }

    #[test]
    fn a_root_without_versions_is_read_as_it_is() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path());
        assert_eq!(dir.current(), tmp.path());
        assert!(!dir.is_versioned());
    }

    #[test]
    fn a_commit_makes_the_new_version_current_in_one_step() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path().join("cards"));
        let lock = dir.lock().unwrap();
        let a = stage(&dir, &lock, "a");
        dir.commit(&lock, &a, "v1").unwrap();
        let first = dir.current();
        assert_eq!(
            std::fs::read_to_string(first.join("cards.json")).unwrap(),
            "a"
        );
        let b = stage(&dir, &lock, "b");
        dir.commit(&lock, &b, "v2").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.current().join("cards.json")).unwrap(),
            "b"
        );
        // A reader that resolved the first version still reads it whole.
        assert_eq!(
            std::fs::read_to_string(first.join("cards.json")).unwrap(),
            "a"
        );
    }

    #[test]
    fn recovery_removes_staging_and_repairs_a_dangling_current() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path());
        let lock = dir.lock().unwrap();
        let a = stage(&dir, &lock, "a");
        dir.commit(&lock, &a, "v1").unwrap();
        let left = stage(&dir, &lock, "half");
        std::os::unix::fs::symlink("versions/v9", tmp.path().join("current.new")).unwrap();
        std::fs::remove_file(tmp.path().join("current")).unwrap();
        std::os::unix::fs::symlink("versions/gone", tmp.path().join("current")).unwrap();
        dir.recover(&lock).unwrap();
        assert!(!left.exists());
        assert!(!tmp.path().join("current.new").exists());
        assert_eq!(
            std::fs::read_to_string(dir.current().join("cards.json")).unwrap(),
            "a"
        );
    }

    #[test]
    fn recovery_puts_back_a_catalog_the_previous_layout_left_aside() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("cards");
        let aside = tmp.path().join(".cards.old");
        std::fs::create_dir_all(&aside).unwrap();
        std::fs::write(aside.join("SOR.json"), "x").unwrap();
        let dir = CatalogDir::new(&root);
        let lock = dir.lock().unwrap();
        dir.recover(&lock).unwrap();
        assert_eq!(std::fs::read_to_string(root.join("SOR.json")).unwrap(), "x");
        assert!(!aside.exists());
    }

    /// Issue 15: `serve` pointed at a mirror (a directory without versions) writes nothing
    /// into it, not even a lock file.
    #[test]
    fn a_mirror_with_nothing_to_recover_is_not_touched() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("SOR.json"), "[]").unwrap();
        let dir = CatalogDir::new(tmp.path());
        assert!(!dir.needs_recovery());
        dir.recover_if_idle().unwrap();
        let names: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["SOR.json"]);
    }

    /// Issue 15: a first sync that failed leaves the lock behind; the directory is still
    /// empty of data, so the next start syncs again instead of loading nothing.
    /// Issue 15: the previous layout's swap cut between its renames leaves no root at all;
    /// `serve` puts the catalog back before it loads (and does not fetch it again).
    #[test]
    fn serve_puts_back_a_catalog_left_aside_when_the_root_is_gone() {
        let tmp = tempfile::tempdir().unwrap();
        let aside = tmp.path().join(".cards.old");
        std::fs::create_dir_all(&aside).unwrap();
        std::fs::write(aside.join("SOR.json"), "x").unwrap();
        let dir = CatalogDir::new(tmp.path().join("cards"));
        assert!(dir.needs_recovery());
        dir.recover_if_idle().unwrap();
        assert!(dir.holds_data());
        assert!(!aside.exists());
    }

    #[test]
    fn a_root_holding_only_a_lock_holds_no_data() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path().join("cards"));
        assert!(!dir.holds_data());
        let lock = dir.lock().unwrap();
        let _staging = dir.staging(&lock).unwrap();
        assert!(!dir.holds_data());
        let staged = stage(&dir, &lock, "a");
        dir.commit(&lock, &staged, "v1").unwrap();
        assert!(dir.holds_data());
    }

    #[test]
    fn serve_recovers_an_interrupted_swap_before_it_loads() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path());
        {
            let lock = dir.lock().unwrap();
            let a = stage(&dir, &lock, "a");
            dir.commit(&lock, &a, "v1").unwrap();
            let _half = stage(&dir, &lock, "half");
        }
        assert!(dir.needs_recovery());
        dir.recover_if_idle().unwrap();
        assert!(!dir.needs_recovery());
        assert_eq!(
            std::fs::read_to_string(dir.current().join("cards.json")).unwrap(),
            "a"
        );
    }

    #[test]
    fn a_version_replaced_a_moment_ago_is_kept_however_old() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path());
        let lock = dir.lock().unwrap();
        let first = {
            let a = stage(&dir, &lock, "a");
            dir.commit(&lock, &a, "v1").unwrap()
        };
        // Made long ago, current until now.
        let old = SystemTime::now() - Duration::from_secs(86_400);
        File::open(&first).unwrap().set_modified(old).unwrap();
        for (i, content) in ["b", "c", "d", "e"].into_iter().enumerate() {
            let staged = stage(&dir, &lock, content);
            dir.commit(&lock, &staged, &format!("v{}", i + 2)).unwrap();
        }
        assert!(first.join("cards.json").exists());
    }

    #[test]
    fn a_second_writer_waits_for_the_first() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = CatalogDir::new(tmp.path());
        let lock = dir.lock().unwrap();
        assert!(dir.try_lock().unwrap().is_none());
        drop(lock);
        assert!(dir.try_lock().unwrap().is_some());
    }
}
