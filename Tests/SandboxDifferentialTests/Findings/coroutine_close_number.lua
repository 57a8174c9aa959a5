return coroutine.close(1)
