return table.remove({}, 5)
