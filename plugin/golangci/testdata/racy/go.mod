module example.com/racy

go 1.26.0
