return { helped = true }
