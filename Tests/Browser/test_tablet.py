"""Every everyday flow again at a tablet's size (820×1180, portrait): the layout is the desktop's
two panes, narrower, so toolbars, sheets and bars of actions must still fit and work."""

import unittest

import test_data_grid
import test_document_selection
import test_file_operations
import test_file_selection
import test_folders
import test_search
import test_table_file_editing
import test_tracks

TABLET = (820, 1180)


class TabletFileOperationTests(test_file_operations.FileOperationTests):
    window = TABLET


class TabletFileSelectionTests(test_file_selection.FileSelectionTests):
    window = TABLET


class TabletTrashSelectionTests(test_file_selection.TrashSelectionTests):
    window = TABLET


class TabletDocumentFolderTests(test_folders.DocumentFolderTests):
    window = TABLET


class TabletDocumentSelectionTests(test_document_selection.DocumentSelectionTests):
    window = TABLET


class TabletDocumentsSearchTests(test_search.DocumentsSearchTests):
    window = TABLET


class TabletDataEditingTests(test_data_grid.DataEditingTests):
    window = TABLET


class TabletTableFileEditingTests(test_table_file_editing.TableFileEditingTests):
    window = TABLET


class TabletTrackManagementTests(test_tracks.TrackManagementTests):
    window = TABLET


if __name__ == "__main__":
    unittest.main()
