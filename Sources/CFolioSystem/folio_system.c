#define _GNU_SOURCE
#include "folio_system.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

const int folio_o_path = O_PATH;
const int folio_o_tmpfile = O_TMPFILE;
const int folio_o_directory = O_DIRECTORY;
const int folio_o_nofollow = O_NOFOLLOW;
const int folio_o_cloexec = O_CLOEXEC;
const int folio_o_noatime = O_NOATIME;
const int folio_at_empty_path = AT_EMPTY_PATH;
const int folio_at_symlink_nofollow = AT_SYMLINK_NOFOLLOW;
const int folio_at_removedir = AT_REMOVEDIR;
const unsigned int folio_rename_noreplace = RENAME_NOREPLACE;
const unsigned int folio_rename_exchange = RENAME_EXCHANGE;
const uint64_t folio_resolve_beneath = RESOLVE_BENEATH;
const uint64_t folio_resolve_no_magiclinks = RESOLVE_NO_MAGICLINKS;
const uint64_t folio_resolve_no_symlinks = RESOLVE_NO_SYMLINKS;
const uint64_t folio_resolve_no_xdev = RESOLVE_NO_XDEV;
const int folio_fs_immutable_fl = FS_IMMUTABLE_FL;
const int folio_fs_append_fl = FS_APPEND_FL;
const int folio_fs_nodump_fl = FS_NODUMP_FL;
const long folio_utime_omit = UTIME_OMIT;
const long folio_utime_now = UTIME_NOW;

int folio_openat2(int dirfd, const char *path, int flags, unsigned int mode, uint64_t resolve) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (uint64_t)(unsigned int)flags;
    if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
        how.mode = mode;
    }
    how.resolve = resolve;
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

int folio_openat(int dirfd, const char *path, int flags, unsigned int mode) {
    return openat(dirfd, path, flags, (mode_t)mode);
}

int folio_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags) {
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, flags);
}

int folio_statx(int dirfd, const char *path, int flags, int full, folio_stat *out) {
    struct statx sx;
    unsigned int mask = full ? (STATX_BASIC_STATS | STATX_BTIME) : (STATX_TYPE | STATX_MODE | STATX_SIZE | STATX_MTIME | STATX_INO);
    const char *p = path ? path : "";
    if (p[0] == '\0') {
        flags |= AT_EMPTY_PATH;
    }
    if (statx(dirfd, p, flags | AT_STATX_SYNC_AS_STAT, mask, &sx) != 0) {
        return -1;
    }
    out->mode = sx.stx_mode;
    out->nlink = sx.stx_nlink;
    out->uid = sx.stx_uid;
    out->gid = sx.stx_gid;
    out->size = sx.stx_size;
    out->blocks = sx.stx_blocks;
    out->inode = sx.stx_ino;
    out->device = (uint64_t)makedev(sx.stx_dev_major, sx.stx_dev_minor);
    out->access_sec = sx.stx_atime.tv_sec;
    out->access_nsec = sx.stx_atime.tv_nsec;
    out->modify_sec = sx.stx_mtime.tv_sec;
    out->modify_nsec = sx.stx_mtime.tv_nsec;
    out->change_sec = sx.stx_ctime.tv_sec;
    out->change_nsec = sx.stx_ctime.tv_nsec;
    out->has_birth = (sx.stx_mask & STATX_BTIME) ? 1 : 0;
    out->birth_sec = out->has_birth ? sx.stx_btime.tv_sec : 0;
    out->birth_nsec = out->has_birth ? sx.stx_btime.tv_nsec : 0;
    out->attributes = sx.stx_attributes & sx.stx_attributes_mask;
    return 0;
}

ssize_t folio_copy_file_range(int infd, int64_t *inoff, int outfd, int64_t *outoff, size_t len) {
    return copy_file_range(infd, (off64_t *)inoff, outfd, (off64_t *)outoff, len, 0);
}

ssize_t folio_getdents64(int fd, void *buf, size_t count) {
    return (ssize_t)syscall(SYS_getdents64, fd, buf, count);
}

struct folio_linux_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

size_t folio_dirent_at(const void *buf, size_t length, size_t offset, uint64_t *inode, unsigned char *type,
                       const char **name) {
    if (offset + sizeof(struct folio_linux_dirent64) > length) {
        return 0;
    }
    const struct folio_linux_dirent64 *d = (const struct folio_linux_dirent64 *)((const char *)buf + offset);
    if (d->d_reclen == 0 || offset + d->d_reclen > length) {
        return 0;
    }
    *inode = d->d_ino;
    *type = d->d_type;
    *name = d->d_name;
    return d->d_reclen;
}

int folio_get_inode_flags(int fd, int *flags) {
    return ioctl(fd, FS_IOC_GETFLAGS, flags);
}

int folio_set_inode_flags(int fd, int flags) {
    return ioctl(fd, FS_IOC_SETFLAGS, &flags);
}

ssize_t folio_fgetxattr(int fd, const char *name, void *value, size_t size) {
    return fgetxattr(fd, name, value, size);
}

int folio_fsetxattr(int fd, const char *name, const void *value, size_t size, int flags) {
    return fsetxattr(fd, name, value, size, flags);
}

int folio_fremovexattr(int fd, const char *name) {
    return fremovexattr(fd, name);
}

int folio_utimensat(int dirfd, const char *path, int64_t atime_sec, long atime_nsec, int64_t mtime_sec,
                    long mtime_nsec, int flags) {
    struct timespec times[2];
    times[0].tv_sec = (time_t)atime_sec;
    times[0].tv_nsec = atime_nsec;
    times[1].tv_sec = (time_t)mtime_sec;
    times[1].tv_nsec = mtime_nsec;
    const char *p = path ? path : "";
    if (p[0] == '\0') {
        return futimens(dirfd, times);
    }
    return utimensat(dirfd, p, times, flags);
}

int folio_fallocate(int fd, int64_t offset, int64_t length) {
    return fallocate(fd, 0, (off_t)offset, (off_t)length);
}

int folio_has_openat2(void) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = O_PATH | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH;
    int fd = (int)syscall(SYS_openat2, AT_FDCWD, ".", &how, sizeof how);
    if (fd >= 0) {
        close(fd);
        return 1;
    }
    return errno == ENOSYS ? 0 : 1;
}

const uint32_t folio_in_create = IN_CREATE;
const uint32_t folio_in_delete = IN_DELETE;
const uint32_t folio_in_close_write = IN_CLOSE_WRITE;
const uint32_t folio_in_modify = IN_MODIFY;
const uint32_t folio_in_attrib = IN_ATTRIB;
const uint32_t folio_in_moved_from = IN_MOVED_FROM;
const uint32_t folio_in_moved_to = IN_MOVED_TO;
const uint32_t folio_in_delete_self = IN_DELETE_SELF;
const uint32_t folio_in_move_self = IN_MOVE_SELF;
const uint32_t folio_in_ignored = IN_IGNORED;
const uint32_t folio_in_isdir = IN_ISDIR;
const uint32_t folio_in_q_overflow = IN_Q_OVERFLOW;
const uint32_t folio_in_onlydir = IN_ONLYDIR;
const uint32_t folio_in_excl_unlink = IN_EXCL_UNLINK;
const int folio_lock_shared = LOCK_SH;
const int folio_lock_exclusive = LOCK_EX;
const int folio_lock_unlock = LOCK_UN;
const int folio_lock_nonblocking = LOCK_NB;

int folio_inotify_init(void) {
    return inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
}

int folio_inotify_add_watch(int fd, const char *path, uint32_t mask) {
    return inotify_add_watch(fd, path, mask);
}

size_t folio_inotify_event_at(const void *buf, size_t length, size_t offset, int *watch, uint32_t *mask,
                              uint32_t *cookie, const char **name) {
    if (offset + sizeof(struct inotify_event) > length) {
        return 0;
    }
    const struct inotify_event *event = (const struct inotify_event *)((const char *)buf + offset);
    size_t record = sizeof(struct inotify_event) + event->len;
    if (offset + record > length) {
        return 0;
    }
    *watch = event->wd;
    *mask = event->mask;
    *cookie = event->cookie;
    *name = (event->len > 0 && event->name[0] != '\0') ? event->name : NULL;
    return record;
}

int folio_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int folio_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int folio_flock(int fd, int operation) {
    return flock(fd, operation);
}

const char *folio_errno_name(int number) {
    return strerrorname_np(number);
}
