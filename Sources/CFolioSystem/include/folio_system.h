// Linux system calls that Glibc's Swift module does not expose (openat2, renameat2, statx,
// copy_file_range, getdents64, inode flags, extended attributes, inotify records, eventfd,
// pipe2),
// wrapped as plain C functions
// with the libc convention: the result is -1 and errno is set on failure.
//
// Only the FolioSystem module imports this header.

#ifndef FOLIO_SYSTEM_H
#define FOLIO_SYSTEM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

// Open flags and other constants whose values depend on the architecture. They are defined in
// folio_system.c, which is compiled with _GNU_SOURCE.
extern const int folio_o_path;
extern const int folio_o_tmpfile;
extern const int folio_o_directory;
extern const int folio_o_nofollow;
extern const int folio_o_cloexec;
extern const int folio_o_noatime;
extern const int folio_at_empty_path;
extern const int folio_at_symlink_nofollow;
extern const int folio_at_removedir;
extern const unsigned int folio_rename_noreplace;
extern const unsigned int folio_rename_exchange;
extern const uint64_t folio_resolve_beneath;
extern const uint64_t folio_resolve_no_magiclinks;
extern const uint64_t folio_resolve_no_symlinks;
extern const uint64_t folio_resolve_no_xdev;
extern const int folio_fs_immutable_fl;
extern const int folio_fs_append_fl;
extern const int folio_fs_nodump_fl;
extern const long folio_utime_omit;
extern const long folio_utime_now;

/// File status as read by statx(2), flattened into fixed-size fields.
typedef struct folio_stat {
    uint32_t mode;          // type and permission bits (st_mode)
    uint32_t nlink;
    uint32_t uid;
    uint32_t gid;
    uint64_t size;
    uint64_t blocks;        // 512-byte blocks allocated
    uint64_t inode;
    uint64_t device;        // makedev(stx_dev_major, stx_dev_minor)
    int64_t access_sec;
    uint32_t access_nsec;
    int64_t modify_sec;
    uint32_t modify_nsec;
    int64_t change_sec;
    uint32_t change_nsec;
    int64_t birth_sec;
    uint32_t birth_nsec;
    int has_birth;          // 1 when the filesystem reported a birth time
    uint64_t attributes;    // STATX_ATTR_* bits the filesystem reported
} folio_stat;

/// openat2(2) with the given resolve flags.
int folio_openat2(int dirfd, const char *path, int flags, unsigned int mode, uint64_t resolve);

/// openat(2); the mode is used only with O_CREAT or O_TMPFILE.
int folio_openat(int dirfd, const char *path, int flags, unsigned int mode);

/// renameat2(2).
int folio_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// statx(2) into a folio_stat. With a NULL or empty path and AT_EMPTY_PATH it describes dirfd itself.
/// `full` asks for every field; otherwise only type, mode, size, inode and modification time are requested
/// (the device is always reported).
int folio_statx(int dirfd, const char *path, int flags, int full, folio_stat *out);

/// copy_file_range(2).
ssize_t folio_copy_file_range(int infd, int64_t *inoff, int outfd, int64_t *outoff, size_t len);

/// getdents64(2): fills buf with linux_dirent64 records.
ssize_t folio_getdents64(int fd, void *buf, size_t count);

/// Reads one linux_dirent64 record at `offset` of a getdents64 buffer.
/// Returns the record length, or 0 when the record is malformed.
size_t folio_dirent_at(const void *buf, size_t length, size_t offset, uint64_t *inode, unsigned char *type,
                       const char **name);

/// FS_IOC_GETFLAGS / FS_IOC_SETFLAGS.
int folio_get_inode_flags(int fd, int *flags);
int folio_set_inode_flags(int fd, int flags);

/// fgetxattr(2), fsetxattr(2), fremovexattr(2).
ssize_t folio_fgetxattr(int fd, const char *name, void *value, size_t size);
int folio_fsetxattr(int fd, const char *name, const void *value, size_t size, int flags);
int folio_fremovexattr(int fd, const char *name);

/// utimensat(2) with seconds and nanoseconds for access and modification; a nanosecond value of
/// folio_utime_omit leaves that time unchanged.
int folio_utimensat(int dirfd, const char *path, int64_t atime_sec, long atime_nsec, int64_t mtime_sec,
                    long mtime_nsec, int flags);

/// fallocate(2) without flags: reserves space so a later write cannot fail for lack of it.
int folio_fallocate(int fd, int64_t offset, int64_t length);

/// Whether this kernel implements openat2(2).
int folio_has_openat2(void);

// inotify(7) event bits, and the flags for flock(2).
extern const uint32_t folio_in_create;
extern const uint32_t folio_in_delete;
extern const uint32_t folio_in_close_write;
extern const uint32_t folio_in_modify;
extern const uint32_t folio_in_attrib;
extern const uint32_t folio_in_moved_from;
extern const uint32_t folio_in_moved_to;
extern const uint32_t folio_in_delete_self;
extern const uint32_t folio_in_move_self;
extern const uint32_t folio_in_ignored;
extern const uint32_t folio_in_isdir;
extern const uint32_t folio_in_q_overflow;
extern const uint32_t folio_in_onlydir;
extern const uint32_t folio_in_excl_unlink;
extern const int folio_lock_shared;
extern const int folio_lock_exclusive;
extern const int folio_lock_unlock;
extern const int folio_lock_nonblocking;

/// inotify_init1(IN_CLOEXEC | IN_NONBLOCK).
int folio_inotify_init(void);

/// inotify_add_watch(2): returns the watch descriptor.
int folio_inotify_add_watch(int fd, const char *path, uint32_t mask);

/// Reads one struct inotify_event record at `offset` of a buffer filled by read(2) on an inotify
/// descriptor. `name` is set to the NUL-terminated name, or NULL when the event has none.
/// Returns the record length, or 0 when the record is malformed.
size_t folio_inotify_event_at(const void *buf, size_t length, size_t offset, int *watch, uint32_t *mask,
                              uint32_t *cookie, const char **name);

/// The C name of an error number ("ENOENT"), or NULL when the C library knows none
/// (strerrorname_np(3)).
const char *folio_errno_name(int number);

/// eventfd(2) with EFD_CLOEXEC | EFD_NONBLOCK: a descriptor one thread can wake another's poll(2) with.
int folio_eventfd(void);

/// pipe2(2) with O_CLOEXEC: fds[0] is the read end, fds[1] the write end.
int folio_pipe(int fds[2]);

/// flock(2).
int folio_flock(int fd, int operation);

#endif
