-- A module whose top level raises: nothing is kept, and the next require
-- runs it again.
error("not today")
