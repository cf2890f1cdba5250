//! A small tmpfs for tests of full and read-only disks: mounted on a temporary directory when
//! the tests run as root (as CI does), else the test says it is skipped and passes.

use std::path::Path;
use std::process::Command;

pub struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// A tmpfs mounted with `options` (`size=1m`, `ro,size=64k`), or `None` where this process
    /// may not mount.
    pub fn mount(options: &str) -> Option<Self> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(dir.path())
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(Self { dir }),
            other => {
                use std::io::Write;
                let why = match other {
                    Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_string(),
                    Err(e) => e.to_string(),
                };
                let _ = writeln!(
                    std::io::stderr(),
                    "a tmpfs test was skipped: this process cannot mount one ({why})"
                );
                None
            }
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Mounts it again with new options (a bigger size: the disk has room again).
    pub fn resize(&self, options: &str) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(self.dir.path())
            .status()
            .unwrap();
        assert!(status.success(), "remount {options}");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}
