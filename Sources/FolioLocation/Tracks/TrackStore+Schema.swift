import FolioDatabase

extension TrackStore {
    /// The store's schema, as migrations applied in order on open.
    ///
    /// Times (`tracks.created`, `start_time`, `end_time`, `points.time`) are whole nanoseconds
    /// since 1970 (``LocationTime/nanosecondsSince1970``); a point's time, accuracies, speed and
    /// course are null when unknown. Stores written before that kept them as
    /// REAL seconds; "store times exactly" rebuilds both tables with INTEGER times, reading each old
    /// value as the shortest decimal within half a microsecond of it
    /// (``exactTime(fromStoredSeconds:)``).
    static let migrator: Migrator = {
        var migrator = Migrator()
        migrator.register("create tracks") { db in
            try db.execute(
                """
                CREATE TABLE tracks (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    created REAL NOT NULL,
                    source TEXT,
                    point_count INTEGER NOT NULL DEFAULT 0,
                    segment_count INTEGER NOT NULL DEFAULT 0,
                    start_time REAL,
                    end_time REAL,
                    distance REAL NOT NULL DEFAULT 0
                );
                CREATE TABLE points (
                    track INTEGER NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    segment INTEGER NOT NULL,
                    latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    altitude REAL,
                    horizontal_accuracy REAL NOT NULL,
                    vertical_accuracy REAL NOT NULL,
                    speed REAL NOT NULL,
                    course REAL NOT NULL,
                    time REAL NOT NULL,
                    PRIMARY KEY (track, sequence)
                ) WITHOUT ROWID;
                """)
        }
        migrator.register("store times exactly") { db in
            try db.createFunction("folio_exact_time", argumentCount: 1, isDeterministic: true) { arguments -> Int64? in
                guard let seconds = try arguments.value(at: 0, as: Double?.self) else { return nil }
                guard let time = exactTime(fromStoredSeconds: seconds) else {
                    throw DatabaseError(
                        .error, message: "the stored time \(seconds) is beyond the years a time can hold",
                        operation: "store times exactly")
                }
                return time.nanosecondsSince1970
            }
            // The old points go before the old tracks, so that dropping those deletes no point;
            // renaming the new tracks table points the new points' foreign key at it.
            try db.execute(
                """
                CREATE TABLE tracks_exact (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    created INTEGER NOT NULL,
                    source TEXT,
                    point_count INTEGER NOT NULL DEFAULT 0,
                    segment_count INTEGER NOT NULL DEFAULT 0,
                    start_time INTEGER,
                    end_time INTEGER,
                    distance REAL NOT NULL DEFAULT 0
                );
                INSERT INTO tracks_exact
                    SELECT id, name, folio_exact_time(created), source, point_count, segment_count,
                        folio_exact_time(start_time), folio_exact_time(end_time), distance
                    FROM tracks;
                CREATE TABLE points_exact (
                    track INTEGER NOT NULL REFERENCES tracks_exact (id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    segment INTEGER NOT NULL,
                    latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    altitude REAL,
                    horizontal_accuracy REAL NOT NULL,
                    vertical_accuracy REAL NOT NULL,
                    speed REAL NOT NULL,
                    course REAL NOT NULL,
                    time INTEGER NOT NULL,
                    PRIMARY KEY (track, sequence)
                ) WITHOUT ROWID;
                INSERT INTO points_exact
                    SELECT track, sequence, segment, latitude, longitude, altitude, horizontal_accuracy,
                        vertical_accuracy, speed, course, folio_exact_time(time)
                    FROM points;
                DROP TABLE points;
                DROP TABLE tracks;
                ALTER TABLE tracks_exact RENAME TO tracks;
                ALTER TABLE points_exact RENAME TO points;
                """)
        }
        migrator.register("untimed points, routes and waypoints") { db in
            // Points read from GPX may lack a time, an accuracy, speed or course (null now, where a
            // negative number marked them unknown), and may have names; a track may be a route or
            // waypoints, and counts the points that have a time.
            try db.execute(
                """
                CREATE TABLE points_any (
                    track INTEGER NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    segment INTEGER NOT NULL,
                    latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    altitude REAL,
                    horizontal_accuracy REAL,
                    vertical_accuracy REAL,
                    speed REAL,
                    course REAL,
                    time INTEGER,
                    name TEXT,
                    PRIMARY KEY (track, sequence)
                ) WITHOUT ROWID;
                INSERT INTO points_any
                    SELECT track, sequence, segment, latitude, longitude, altitude,
                        CASE WHEN horizontal_accuracy >= 0 THEN horizontal_accuracy END,
                        CASE WHEN vertical_accuracy >= 0 AND altitude IS NOT NULL THEN vertical_accuracy END,
                        CASE WHEN speed >= 0 THEN speed END, CASE WHEN course >= 0 THEN course END, time, NULL
                    FROM points;
                DROP TABLE points;
                ALTER TABLE points_any RENAME TO points;
                ALTER TABLE tracks ADD COLUMN kind TEXT NOT NULL DEFAULT 'track'
                    CHECK (kind IN ('track', 'route', 'waypoints'));
                ALTER TABLE tracks ADD COLUMN timed_count INTEGER NOT NULL DEFAULT 0;
                UPDATE tracks SET timed_count = point_count;
                """)
        }
        return migrator
    }()

    /// The exact time an old store meant by `seconds`, a REAL number of seconds since 1970.
    ///
    /// Those values went through `Foundation.Date`, whose binary fractions carry a few tenths of a
    /// microsecond of noise (a GPX `13.994` was kept as `13.99399995803833`). The time is the
    /// decimal with the fewest digits (whole seconds, tenths, …, microseconds) within half a
    /// microsecond of the value: finer than the stored number can tell apart, so nothing it held
    /// is lost. Nil for a value that is not finite or beyond the years a time can hold.
    static func exactTime(fromStoredSeconds seconds: Double) -> LocationTime? {
        guard seconds.isFinite, abs(seconds) < 9e9 else { return nil }
        let whole = seconds.rounded(.down)
        let fraction = (seconds - whole) * 1e9  // nanoseconds, to well within one
        var step = 1e9
        while step >= 1000 {
            let rounded = (fraction / step).rounded() * step
            if abs(rounded - fraction) <= 500 || step == 1000 {
                return LocationTime(secondsSince1970: Int64(whole), nanoseconds: Int64(rounded))
            }
            step /= 10
        }
        return nil
    }
}
