-- utf8.len's argument error names the function as called and the line.
return utf8.len("abc", 10)
